/**
 * ESLint's `no-restricted-imports` for dynamic `import()`. The core rule checks `import` and `export … from`
 * alone, so `import('../../src/api/client')` crossed every boundary unseen. This rule takes the very same
 * options and hands each `import()` to the core rule as the `import` declaration it stands for: one list of
 * boundaries (eslint.config.js, BOUNDARY) governs both forms. The names it takes are read where they are
 * written at once (`const { a } = await import(…)`, `(await import(…)).a`); any other use takes the whole
 * module, as `import * as` does, so a restriction of some names refuses it.
 */
import { builtinRules } from 'eslint/use-at-your-own-risk';

const core = builtinRules.get('no-restricted-imports');

/**
 * The path an `import()` names: a string, or a template whose placeholders stand for one unknown name each
 * (`../../src/${name}` is still a path into src/, read as `../../src/*`). Undefined when its start is unknown.
 */
function writtenPath(source) {
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type !== 'TemplateLiteral') return undefined;
  const path = source.quasis.map((quasi) => quasi.value.cooked).join('*');
  return source.quasis[0].value.cooked ? path : undefined;
}

/** The import specifiers `import()` stands for, read from how its module is used. */
function specifiersOf(node) {
  const awaited = node.parent.type === 'AwaitExpression' ? node.parent : undefined;
  const user = awaited?.parent;
  const named = (name) => ({ type: 'ImportSpecifier', imported: name, loc: name.loc, range: name.range });
  if (user?.type === 'VariableDeclarator' && user.init === awaited && user.id.type === 'ObjectPattern') {
    const keys = user.id.properties.map((property) => (property.type === 'Property' ? property.key : undefined));
    if (keys.every((key) => key?.type === 'Identifier')) return keys.map(named);
  }
  if (
    user?.type === 'MemberExpression' &&
    user.object === awaited &&
    user.property.type === 'Identifier' &&
    !user.computed
  )
    return [named(user.property)];
  return [{ type: 'ImportNamespaceSpecifier', loc: node.loc, range: node.range }];
}

export default {
  meta: {
    ...core.meta,
    docs: { description: 'Disallow specified modules when loaded by dynamic import()' },
  },
  create(context) {
    const checkImport = core.create(context).ImportDeclaration;
    return {
      ImportExpression(node) {
        const path = writtenPath(node.source);
        if (path === undefined) return;
        checkImport({
          type: 'ImportDeclaration',
          source: { type: 'Literal', value: path },
          specifiers: specifiersOf(node),
          loc: node.loc,
          range: node.range,
          parent: node.parent,
        });
      },
    };
  },
};
