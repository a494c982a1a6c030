/** The syntax tree of one `${...}` body. Immutable once parsed; evaluated by expression-evaluator. */
export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '>' | '<=' | '>=';

export type AstNode =
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | { readonly kind: 'identifier'; readonly name: string }
  /** `a.b` (property is a string literal node) and `a[expr]`; `source` is the text of `base`. */
  | { readonly kind: 'property'; readonly base: AstNode; readonly property: AstNode; readonly source: string }
  | {
      readonly kind: 'method';
      readonly base: AstNode;
      readonly name: string;
      readonly args: readonly AstNode[];
      readonly source: string;
    }
  | { readonly kind: 'function'; readonly name: string; readonly args: readonly AstNode[] }
  | { readonly kind: 'unary'; readonly op: '-' | '!' | 'empty'; readonly operand: AstNode }
  | { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: AstNode; readonly right: AstNode }
  | { readonly kind: 'logical'; readonly op: '&&' | '||'; readonly left: AstNode; readonly right: AstNode }
  | { readonly kind: 'conditional'; readonly test: AstNode; readonly then: AstNode; readonly otherwise: AstNode };

/** A composite expression: literal text and `${...}` parts in order. */
export type TemplatePart = string | AstNode;
