'use strict';
// A worker thread hosting QuickJS (WebAssembly). Each evaluation gets a fresh QuickJS runtime with its
// own memory limit and deadline; nothing of Node is handed in: the script sees the prelude's objects,
// built inside the sandbox from the JSON text of the variables, and its writes come back as JSON text.
// Plain CommonJS because worker threads load files, not TypeScript modules.
const { parentPort } = require('node:worker_threads');
const { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } = require('quickjs-emscripten-core');
const variant = require('@jitl/quickjs-wasmfile-release-sync').default;

// Runs inside the sandbox: builds `execution`, `S` and the variables, and returns the function that
// collects the result and the writes. Its names are captured here, so a script that replaces
// globals (JSON, Array.prototype...) can only spoil its own output, which the host validates.
const PRELUDE = String.raw`(function (inputText) {
  'use strict';
  var parse = JSON.parse, stringify = JSON.stringify, isArray = Array.isArray, keys = Object.keys;
  var hasOwn = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
  var input = parse(inputText);
  function fail(message) { throw new Error(message); }
  class SpinJsonNode {
    #v;
    constructor(v) { this.#v = v; }
    static unwrap(x) { return x instanceof SpinJsonNode ? x.#v : x; }
    prop(name, value) {
      if (arguments.length > 1) {
        if (!this.isObject()) fail("SPIN/JACKSON-JSON-01002 Expected 'Object', got '" + typeName(this.#v) + "'");
        this.#v[name] = SpinJsonNode.unwrap(value);
        return this;
      }
      if (!this.isObject() || !hasOwn(this.#v, name)) fail("SPIN/JACKSON-JSON-01004 Unable to find '" + name + "'");
      return new SpinJsonNode(this.#v[name]);
    }
    hasProp(name) { return this.isObject() && hasOwn(this.#v, name); }
    deleteProp(name) { if (this.isObject()) delete this.#v[name]; return this; }
    fieldNames() { return this.isObject() ? keys(this.#v) : []; }
    elements() {
      if (!isArray(this.#v)) fail("SPIN/JACKSON-JSON-01002 Expected 'Array', got '" + typeName(this.#v) + "'");
      return listOf(this.#v.map(function (e) { return new SpinJsonNode(e); }));
    }
    append(value) {
      if (!isArray(this.#v)) fail("SPIN/JACKSON-JSON-01002 Expected 'Array', got '" + typeName(this.#v) + "'");
      this.#v.push(SpinJsonNode.unwrap(value));
      return this;
    }
    stringValue() { if (typeof this.#v !== 'string') fail("SPIN/JACKSON-JSON-01002 Expected 'String', got '" + typeName(this.#v) + "'"); return this.#v; }
    numberValue() { if (typeof this.#v !== 'number') fail("SPIN/JACKSON-JSON-01002 Expected 'Number', got '" + typeName(this.#v) + "'"); return this.#v; }
    boolValue() { if (typeof this.#v !== 'boolean') fail("SPIN/JACKSON-JSON-01002 Expected 'Boolean', got '" + typeName(this.#v) + "'"); return this.#v; }
    isNull() { return this.#v === null; }
    isArray() { return isArray(this.#v); }
    isObject() { return this.#v !== null && typeof this.#v === 'object' && !isArray(this.#v); }
    isString() { return typeof this.#v === 'string'; }
    isNumber() { return typeof this.#v === 'number'; }
    isBoolean() { return typeof this.#v === 'boolean'; }
    isValue() { return this.#v === null || typeof this.#v !== 'object'; }
    value() { return this.#v; }
    toString() { return stringify(this.#v); }
    toJSON() { return this.#v; }
  }
  function typeName(v) { return v === null ? 'Null' : isArray(v) ? 'Array' : typeof v === 'object' ? 'Object' : typeof v === 'string' ? 'String' : typeof v === 'number' ? 'Number' : 'Boolean'; }
  // Spin's elements() is a Java list: size() and get(i) as well as the array's own methods.
  function listOf(arr) {
    Object.defineProperty(arr, 'size', { value: function () { return this.length; } });
    Object.defineProperty(arr, 'get', { value: function (i) { return this[i]; } });
    return arr;
  }
  function S(x) {
    if (x instanceof SpinJsonNode) return x;
    if (typeof x === 'string') return new SpinJsonNode(parse(x));
    return new SpinJsonNode(x === undefined ? null : parse(stringify(x)));
  }
  function decode(e) {
    if (e.t === 'json') return new SpinJsonNode(parse(e.v));
    if (e.t === 'date') return new Date(e.v);
    return e.v;
  }
  function encode(v) {
    if (v === undefined) return { t: 'undef' };
    if (v instanceof SpinJsonNode) return { t: 'json', v: stringify(SpinJsonNode.unwrap(v)) };
    if (v instanceof Date) return { t: 'date', v: v.getTime() };
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') fail('a ' + typeof v + ' cannot be stored as a variable');
    if (v instanceof Promise) fail('a Promise cannot be stored as a variable: scripts run synchronously');
    return { t: 'v', v: v === null ? null : parse(stringify(v)) };
  }
  var vars = {};
  var locals = {};
  keys(input.vars).forEach(function (n) { vars[n] = decode(input.vars[n]); });
  input.locals.forEach(function (n) { locals[n] = true; });
  var writes = [];
  var info = input.info;
  var types = input.types || {};
  // Camunda's ValueType names (ValueType#getName): the stored type while a variable is unchanged, else as the engine
  // types a script's value.
  function typeOf(n) {
    if (hasOwn(types, n)) return types[n];
    var v = vars[n];
    if (v === null || v === undefined) return 'null';
    if (v instanceof SpinJsonNode) return 'json';
    if (v instanceof Date) return 'date';
    if (typeof v === 'string') return 'string';
    if (typeof v === 'boolean') return 'boolean';
    if (typeof v === 'number') return v % 1 !== 0 ? 'double' : v >= -2147483648 && v < 2147483648 ? 'integer' : 'long';
    return 'object';
  }
  // A TypedValue: getValue(), getType() (a ValueType with getName()), getValueSerialized() for serialized types.
  function typedValue(n) {
    if (!hasOwn(vars, n)) return null;
    var v = vars[n];
    var name = typeOf(n);
    var type = Object.freeze({ getName: function () { return name; }, toString: function () { return name; } });
    var serialized = function () {
      if (v instanceof SpinJsonNode) return stringify(SpinJsonNode.unwrap(v));
      return name === 'object' ? stringify(v) : fail("Cannot find function getValueSerialized of a '" + name + "' value");
    };
    return Object.freeze({
      getValue: function () { return v; },
      getType: function () { return type; },
      getValueSerialized: serialized,
      isTransient: function () { return false; },
      toString: function () { return 'Value \'' + String(v) + '\' of type \'' + name + '\''; },
    });
  }
  // A VariableMap: the values by name, with Map's and VariableMap's methods beside them.
  function variableMap(names) {
    var o = {};
    names.forEach(function (k) { o[k] = vars[k]; });
    var methods = {
      get: function (k) { return hasOwn(o, k) ? o[k] : null; },
      getValue: function (k) { return hasOwn(o, k) ? o[k] : null; },
      getValueTyped: function (k) { return hasOwn(o, k) ? typedValue(k) : null; },
      containsKey: function (k) { return hasOwn(o, k); },
      keySet: function () { return nameSet(keys(o)); },
      size: function () { return keys(o).length; },
      isEmpty: function () { return keys(o).length === 0; },
    };
    keys(methods).forEach(function (m) { Object.defineProperty(o, m, { value: methods[m] }); });
    return o;
  }
  function nameSet(names) {
    var arr = listOf(names.slice());
    Object.defineProperty(arr, 'contains', { value: function (x) { return this.indexOf(x) >= 0; } });
    Object.defineProperty(arr, 'isEmpty', { value: function () { return this.length === 0; } });
    return arr;
  }
  function entriesOf(map) {
    if (map == null) return [];
    if (typeof map.keySet === 'function' && typeof map.get === 'function') {
      return map.keySet().map(function (k) { return [k, map.get(k)]; });
    }
    return keys(map).map(function (k) { return [k, map[k]]; });
  }
  // The VariableScope methods of an object whose own variables are those own marks, writing with the ops given.
  function variableScope(own, ops, scopeKey) {
    var visibleNames = function () { return keys(vars); };
    var ownNames = function () { return keys(own).filter(function (k) { return hasOwn(vars, k); }); };
    var set = function (n, v, local) {
      n = String(n);
      vars[n] = v;
      delete types[n];
      if (local) own[n] = true;
      writes.push({ op: local ? ops.setLocal : ops.set, name: n, value: v });
    };
    var remove = function (n, local) {
      n = String(n);
      delete vars[n];
      delete own[n];
      delete types[n];
      writes.push({ op: local ? ops.removeLocal : ops.remove, name: n });
    };
    return {
      getVariableScopeKey: function () { return scopeKey; },
      getVariable: function (n) { return hasOwn(vars, n) ? vars[n] : null; },
      getVariableLocal: function (n) { return hasOwn(own, n) && hasOwn(vars, n) ? vars[n] : null; },
      getVariableTyped: function (n) { return typedValue(n); },
      getVariableLocalTyped: function (n) { return hasOwn(own, n) ? typedValue(n) : null; },
      getVariables: function () { return variableMap(visibleNames()); },
      getVariablesLocal: function () { return variableMap(ownNames()); },
      getVariablesTyped: function () { return variableMap(visibleNames()); },
      getVariablesLocalTyped: function () { return variableMap(ownNames()); },
      getVariableNames: function () { return nameSet(visibleNames()); },
      getVariableNamesLocal: function () { return nameSet(ownNames()); },
      hasVariable: function (n) { return hasOwn(vars, n); },
      hasVariableLocal: function (n) { return hasOwn(own, n); },
      hasVariables: function () { return visibleNames().length > 0; },
      hasVariablesLocal: function () { return ownNames().length > 0; },
      setVariable: function (n, v) { set(n, v, false); },
      setVariableLocal: function (n, v) { set(n, v, true); },
      setVariables: function (map) { entriesOf(map).forEach(function (e) { set(e[0], e[1], false); }); },
      setVariablesLocal: function (map) { entriesOf(map).forEach(function (e) { set(e[0], e[1], true); }); },
      removeVariable: function (n) { remove(n, false); },
      removeVariableLocal: function (n) { remove(n, true); },
      removeVariables: function (names) {
        (names == null ? visibleNames() : isArray(names) ? names : entriesOf(names).map(function (e) { return e[1]; }))
          .forEach(function (n) { remove(n, false); });
      },
      removeVariablesLocal: function (names) {
        (names == null ? ownNames() : isArray(names) ? names : entriesOf(names).map(function (e) { return e[1]; }))
          .forEach(function (n) { remove(n, true); });
      },
    };
  }
  function assign(target, source) { keys(source).forEach(function (k) { target[k] = source[k]; }); return target; }
  var execution = Object.freeze(assign({
    getParentId: function () { return info.parentId === undefined ? null : info.parentId; },
    getActivityInstanceId: function () { return info.activityInstanceId === undefined ? null : info.activityInstanceId; },
    getCurrentActivityName: function () { return info.activityName === undefined ? null : info.activityName; },
    getProcessDefinitionKey: function () { return info.processDefinitionKey === undefined ? null : info.processDefinitionKey; },
  }, assign(variableScope(locals, { set: 'set', setLocal: 'setLocal', remove: 'remove', removeLocal: 'removeLocal' }, 'execution'), {
    getId: function () { return info.id; },
    getProcessInstanceId: function () { return info.processInstanceId; },
    getBusinessKey: function () { return info.businessKey; },
    getProcessBusinessKey: function () { return info.businessKey; },
    getActivityId: function () { return info.activityId; },
    getCurrentActivityId: function () { return info.activityId; },
    getProcessDefinitionId: function () { return info.processDefinitionId; },
    getEventName: function () { return info.eventName; },
    getTenantId: function () { return info.tenantId; },
  })));
  var g = globalThis;
  keys(vars).forEach(function (n) { g[n] = vars[n]; });
  g.execution = execution;
  g.S = S;
  if (input.task) g.task = delegateTask(input.task);
  // DelegateTask of a task listener: reads answer from the snapshot, writes update it and are recorded for the host.
  function delegateTask(t) {
    var taskLocals = {};
    t.locals.forEach(function (n) { taskLocals[n] = true; });
    var completed = false;
    function call(method, value) { writes.push({ op: 'task', name: method, value: value }); }
    function millis(v, what) {
      if (v == null) return null;
      var d = v instanceof Date ? v : new Date(v);
      if (isNaN(d.getTime())) fail(what + ' is not a date: ' + String(v));
      return d.getTime();
    }
    function setDate(field, method, what) {
      return function (v) { t[field] = millis(v, what); call(method, t[field] === null ? null : new Date(t[field])); };
    }
    function setText(field, method) {
      return function (v) { t[field] = v == null ? null : String(v); call(method, t[field]); };
    }
    function candidates(one) {
      return function (list) { (isArray(list) ? list : [list]).forEach(function (x) { one(x); }); };
    }
    function candidate(method) {
      return function (id) { if (id == null) fail(method + ': the id is null'); call(method, String(id)); };
    }
    var addUser = candidate('addCandidateUser'), addGroup = candidate('addCandidateGroup');
    return Object.freeze(assign({
      getId: function () { return t.id; },
      getName: function () { return t.name; },
      getDescription: function () { return t.description; },
      getAssignee: function () { return t.assignee; },
      getOwner: function () { return t.owner; },
      getPriority: function () { return t.priority; },
      getDueDate: function () { return t.dueDate === null ? null : new Date(t.dueDate); },
      getFollowUpDate: function () { return t.followUpDate === null ? null : new Date(t.followUpDate); },
      getCreateTime: function () { return t.createTime === null ? null : new Date(t.createTime); },
      getTaskDefinitionKey: function () { return t.taskDefinitionKey; },
      getEventName: function () { return t.eventName; },
      getProcessInstanceId: function () { return t.processInstanceId; },
      getExecutionId: function () { return t.executionId; },
      getProcessDefinitionId: function () { return t.processDefinitionId; },
      getTenantId: function () { return t.tenantId; },
      getFormKey: function () { return t.formKey; },
      getDeleteReason: function () { return t.deleteReason; },
      getExecution: function () { return execution; },
      setName: setText('name', 'setName'),
      setDescription: setText('description', 'setDescription'),
      setAssignee: setText('assignee', 'setAssignee'),
      setOwner: setText('owner', 'setOwner'),
      setPriority: function (v) {
        if (typeof v !== 'number' || v % 1 !== 0) fail('Priority is not an integer: ' + String(v));
        t.priority = v;
        call('setPriority', v);
      },
      setDueDate: setDate('dueDate', 'setDueDate', 'Due date'),
      setFollowUpDate: setDate('followUpDate', 'setFollowUpDate', 'Follow up date'),
      addCandidateUser: addUser,
      addCandidateGroup: addGroup,
      addCandidateUsers: candidates(addUser),
      addCandidateGroups: candidates(addGroup),
      deleteCandidateUser: candidate('deleteCandidateUser'),
      deleteCandidateGroup: candidate('deleteCandidateGroup'),
      complete: function () {
        if (completed || t.eventName === 'complete' || t.eventName === 'delete') {
          fail("ENGINE-03051 There was an exception while invoking the TaskListener. Message: 'invalid task state'");
        }
        completed = true;
        call('complete', null);
      }
    }, variableScope(taskLocals, { set: 'taskSet', setLocal: 'taskSetLocal', remove: 'taskRemove', removeLocal: 'taskRemoveLocal' }, 'task')));
  }
  var valueless = { remove: true, removeLocal: true, taskRemove: true, taskRemoveLocal: true };
  return function finish(result) {
    return stringify({ result: encode(result), writes: writes.map(function (w) { return { op: w.op, name: w.name, value: valueless[w.op] ? null : encode(w.value) }; }) });
  };
})`;

let modulePromise = null;
function quickJs() {
  return (modulePromise ??= newQuickJSWASMModuleFromVariant(variant));
}

function messageOf(vm, handle) {
  const error = vm.dump(handle);
  if (error && typeof error === 'object') {
    const name = typeof error.name === 'string' ? error.name : 'Error';
    const message = typeof error.message === 'string' ? error.message : String(error.message);
    return message === 'interrupted' ? 'the script ran longer than its time limit' : `${name}: ${message}`;
  }
  return String(error);
}

function evaluate(QuickJS, job) {
  const runtime = QuickJS.newRuntime();
  try {
    runtime.setMemoryLimit(job.memoryLimitBytes);
    runtime.setMaxStackSize(256 * 1024);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + job.timeoutMs));
    const vm = runtime.newContext();
    try {
      const prelude = vm.evalCode(PRELUDE, 'prelude.js');
      const makeFinish = vm.unwrapResult(prelude);
      const inputHandle = vm.newString(job.input);
      const finish = vm.unwrapResult(vm.callFunction(makeFinish, vm.undefined, inputHandle));
      inputHandle.dispose();
      makeFinish.dispose();
      const run = vm.evalCode(job.source, job.fileName);
      if (run.error) {
        const message = messageOf(vm, run.error);
        run.error.dispose();
        finish.dispose();
        return { ok: false, message };
      }
      const out = vm.callFunction(finish, vm.undefined, run.value);
      run.value.dispose();
      finish.dispose();
      if (out.error) {
        const message = messageOf(vm, out.error);
        out.error.dispose();
        return { ok: false, message };
      }
      const text = vm.getString(out.value);
      out.value.dispose();
      return { ok: true, output: text };
    } finally {
      vm.dispose();
    }
  } catch (e) {
    // The WebAssembly module may be left broken (an abort deep in an allocation): the next job loads a fresh one.
    modulePromise = null;
    const message =
      e && /out of memory|memory/i.test(String(e.message))
        ? 'the script used more memory than its limit'
        : String(e && e.message);
    return { ok: false, message };
  } finally {
    try {
      runtime.dispose();
    } catch {
      modulePromise = null;
    }
  }
}

// Loaded before the first job, and reported: the host starts a job's clock only once the worker is ready, so that
// a slow start (compiling the WebAssembly module on a busy machine) is not counted as the script's time. A module
// that fails to load is tried again by the first job, which then answers with the error.
quickJs().then(
  () => parentPort.postMessage({ ready: true }),
  () => {
    modulePromise = null;
    parentPort.postMessage({ ready: true });
  },
);

parentPort.on('message', async (job) => {
  let answer;
  try {
    answer = evaluate(await quickJs(), job);
  } catch (e) {
    answer = { ok: false, message: String(e && e.message) };
  }
  if (!answer.ok && /out of memory/i.test(answer.message))
    answer.message = 'the script used more memory than its limit';
  parentPort.postMessage({ id: job.id, ...answer });
});
