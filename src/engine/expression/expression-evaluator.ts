import { AstNode } from './expression-ast';
import { arithmetic, coerceToBoolean, isEmpty, negate, relational } from './expression-coercion';
import { ExpressionContext } from './expression-context';
import { dateTimeHostObject } from './date-time-host-object';
import { SpinJsonNode } from './spin-json-host-object';
import { executionHostObject } from './execution-host-object';
import { ElFailure } from './expression-failure';
import { invokeMethod, methodNotFound, readProperty } from './value-members';

/** Walks one syntax tree. Failures are ElFailures; the compiled expression words them for the user. */
export function evaluateNode(node: AstNode, ctx: ExpressionContext): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'identifier':
      return resolveIdentifier(node.name, ctx);
    case 'property':
      return readProperty(evaluateNode(node.base, ctx), evaluateNode(node.property, ctx));
    case 'method': {
      const base = evaluateNode(node.base, ctx);
      return invokeMethod(
        base,
        node.name,
        node.args.map((a) => evaluateNode(a, ctx)),
        node.source,
      );
    }
    case 'function':
      return callFunction(
        node.name,
        node.args.map((a) => evaluateNode(a, ctx)),
        ctx,
      );
    case 'unary': {
      const value = evaluateNode(node.operand, ctx);
      if (node.op === '-') return negate(value);
      if (node.op === '!') return !coerceToBoolean(value);
      return isEmpty(value);
    }
    case 'binary': {
      const left = evaluateNode(node.left, ctx);
      const right = evaluateNode(node.right, ctx);
      switch (node.op) {
        case '+':
        case '-':
        case '*':
        case '/':
        case '%':
          return arithmetic(node.op, left, right);
        default:
          return relational(node.op, left, right);
      }
    }
    case 'logical': {
      const left = coerceToBoolean(evaluateNode(node.left, ctx));
      if (node.op === '&&' ? !left : left) return left;
      return coerceToBoolean(evaluateNode(node.right, ctx));
    }
    case 'conditional':
      return coerceToBoolean(evaluateNode(node.test, ctx))
        ? evaluateNode(node.then, ctx)
        : evaluateNode(node.otherwise, ctx);
  }
}

/** Camunda's VariableScopeElResolver order: `execution` and `authenticatedUserId` before variables. */
function resolveIdentifier(name: string, ctx: ExpressionContext): unknown {
  if (name === 'execution' && ctx.execution) return executionHostObject(ctx.execution);
  if (name === 'authenticatedUserId') return ctx.authentication?.userId ?? null;
  const result = ctx.resolve(name);
  if (!result.found) throw new ElFailure('unknownProperty', `Cannot resolve identifier '${name}'`);
  return result.value ?? null;
}

function callFunction(name: string, args: unknown[], ctx: ExpressionContext): unknown {
  const now = () => (ctx.now ? ctx.now() : new Date());
  // Spin's S(...) and JSON(...): a JSON node from text (parsed) or from a value.
  if ((name === 'S' || name === 'JSON') && args.length === 1) return SpinJsonNode.of(args[0]);
  if (args.length !== 0) throw methodNotFound(name, 'function');
  switch (name) {
    case 'now':
      return now();
    case 'dateTime':
      return dateTimeHostObject(now());
    case 'currentUser':
      return ctx.authentication?.userId ?? null;
    case 'currentUserGroups':
      return [...(ctx.authentication?.groupIds ?? [])];
    default:
      throw new ElFailure('unknownMethod', `Could not resolve function '${name}'`);
  }
}
