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
  var execution = Object.freeze({
    getId: function () { return info.id; },
    getProcessInstanceId: function () { return info.processInstanceId; },
    getBusinessKey: function () { return info.businessKey; },
    getProcessBusinessKey: function () { return info.businessKey; },
    getActivityId: function () { return info.activityId; },
    getCurrentActivityId: function () { return info.activityId; },
    getProcessDefinitionId: function () { return info.processDefinitionId; },
    getEventName: function () { return info.eventName; },
    getTenantId: function () { return info.tenantId; },
    getVariable: function (n) { return hasOwn(vars, n) ? vars[n] : null; },
    getVariableLocal: function (n) { return hasOwn(locals, n) && hasOwn(vars, n) ? vars[n] : null; },
    getVariables: function () { var o = {}; keys(vars).forEach(function (k) { o[k] = vars[k]; }); return o; },
    hasVariable: function (n) { return hasOwn(vars, n); },
    hasVariableLocal: function (n) { return hasOwn(locals, n); },
    setVariable: function (n, v) { vars[String(n)] = v; writes.push({ op: 'set', name: String(n), value: v }); },
    setVariableLocal: function (n, v) { vars[String(n)] = v; locals[String(n)] = true; writes.push({ op: 'setLocal', name: String(n), value: v }); },
    removeVariable: function (n) { delete vars[String(n)]; delete locals[String(n)]; writes.push({ op: 'remove', name: String(n) }); },
  });
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
    return Object.freeze({
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
      },
      getVariable: function (n) { return hasOwn(vars, n) ? vars[n] : null; },
      getVariableLocal: function (n) { return hasOwn(taskLocals, n) && hasOwn(vars, n) ? vars[n] : null; },
      getVariables: function () { var o = {}; keys(vars).forEach(function (k) { o[k] = vars[k]; }); return o; },
      getVariablesLocal: function () { var o = {}; keys(taskLocals).forEach(function (k) { if (hasOwn(vars, k)) o[k] = vars[k]; }); return o; },
      hasVariable: function (n) { return hasOwn(vars, n); },
      hasVariableLocal: function (n) { return hasOwn(taskLocals, n); },
      setVariable: function (n, v) { vars[String(n)] = v; writes.push({ op: 'taskSet', name: String(n), value: v }); },
      setVariableLocal: function (n, v) { vars[String(n)] = v; taskLocals[String(n)] = true; writes.push({ op: 'taskSetLocal', name: String(n), value: v }); },
      removeVariable: function (n) { delete vars[String(n)]; delete taskLocals[String(n)]; writes.push({ op: 'taskRemove', name: String(n) }); },
      removeVariableLocal: function (n) { delete vars[String(n)]; delete taskLocals[String(n)]; writes.push({ op: 'taskRemoveLocal', name: String(n) }); },
    });
  }
  var valueless = { remove: true, taskRemove: true, taskRemoveLocal: true };
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
