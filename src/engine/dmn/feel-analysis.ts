import { parseExpression, parseUnaryTests } from 'feelin';

type FeelTree = ReturnType<typeof parseExpression>;

export type FeelKind = 'expression' | 'unaryTests';

export interface FeelSyntaxProblem {
  message: string;
  position: number;
}

/** What the compiler needs to know about a FEEL text before it is ever evaluated. */
export interface FeelShape {
  syntaxError: FeelSyntaxProblem | null;
  /** False when the text names no variable and calls no function: its value never depends on the context. */
  usesVariables: boolean;
  /** The variable name when the whole expression is one variable reference (the usual input expression). */
  bareVariable: string | null;
}

/**
 * Parses once with feelin's own grammar (lezer-feel). `knownNames` are the names the model declares;
 * the parser needs them to read names that contain operators or keywords.
 */
export function analyseFeel(text: string, kind: FeelKind, knownNames: Record<string, unknown>): FeelShape {
  const tree: FeelTree = kind === 'expression' ? parseExpression(text, knownNames, undefined) : parseUnaryTests(text, knownNames, undefined);
  let syntaxError: FeelSyntaxProblem | null = null;
  let usesVariables = false;
  tree.iterate({
    enter(node) {
      if (node.type.isError) {
        syntaxError ??= describeError(text, node.node);
        return false;
      }
      // Function names are VariableName nodes too, so now() and today() count as variable use.
      if (node.name === 'VariableName') usesVariables = true;
      return undefined;
    },
  });
  return { syntaxError, usesVariables, bareVariable: kind === 'expression' ? bareVariableOf(tree, text) : null };
}

type SyntaxNode = Parameters<Parameters<FeelTree['iterate']>[0]['enter']>[0]['node'];

// Mirrors feelin's own lint messages, so the parse-time error reads like the one evaluation would throw.
function describeError(text: string, node: SyntaxNode): FeelSyntaxProblem {
  const parent = node.parent?.name ?? 'Expression';
  if (node.from !== node.to) {
    return { message: `Unrecognized token '${text.slice(node.from, node.to)}' in <${parent}>`, position: node.from };
  }
  for (let at: SyntaxNode | null = node; at; at = at.parent) {
    const next = at.nextSibling;
    if (next) return { message: `Unrecognized token '${text.slice(next.from, next.to)}' in <${parent}>`, position: next.from };
  }
  return { message: `Incomplete <${parent}>`, position: node.from };
}

function bareVariableOf(tree: FeelTree, text: string): string | null {
  const top = tree.topNode.firstChild;
  if (!top || top.name !== 'VariableName' || top.nextSibling) return null;
  const name = text.slice(top.from, top.to);
  return name === text.trim() ? name : null;
}
