// Lint rule `srm/import-zones`: the import directions hold for relative paths too. A relative
// import may not climb out of its workspace package (that is what package names and their
// exports are for), and inside the business areas a file of one area reaches another area only
// through that area's public files (its index, server and manifests).
import { dirname, join, normalize, relative, sep } from 'node:path';

/** A path relative to the repository, with forward slashes. */
function repoPath(cwd, path) {
  return relative(cwd, path).split(sep).join('/');
}

/** The file's name without its extension (`order.notify.ts` → `order.notify`). */
function stem(name) {
  return name.replace(/\.(?:d\.ts|tsx?|jsx?|mjs|cjs|json)$/, '');
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Relative imports stay inside their package and reach other areas through their public files.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          packages: { type: 'array', items: { type: 'string' } },
          areasRoot: { type: 'string' },
          publicFiles: { type: 'array', items: { type: 'string' } },
          allow: {
            type: 'array',
            items: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 3 },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      climbs:
        "'{{source}}' climbs out of {{package}}: import another workspace package by its name (@srm/…), never by a relative path (DESIGN.md §4).",
      crossArea:
        "'{{source}}' reaches into the area {{target}} from {{area}}: import only its public files ({{public}}), or move what both need to the platform (DESIGN.md §4).",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const cwd = context.cwd;
    const file = repoPath(cwd, context.filename);
    const packages = [...(options.packages ?? [])].sort((a, b) => b.length - a.length);
    const own = packages.find((dir) => file.startsWith(`${dir}/`));
    if (!own) return {};
    const areasRoot = options.areasRoot;
    const publicFiles = options.publicFiles ?? [];
    const allow = options.allow ?? [];
    const inAreas = (path) =>
      areasRoot && path.startsWith(`${areasRoot}/`) ? path.slice(areasRoot.length + 1).split('/') : null;
    const fromParts = inAreas(file);
    // Files directly under the areas' root (the lists of areas, shared test helpers) belong to no area.
    const fromArea = fromParts && fromParts.length > 1 ? fromParts[0] : null;

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = repoPath(cwd, normalize(join(dirname(context.filename), source)));
      if (target !== own && !target.startsWith(`${own}/`)) {
        context.report({ node, messageId: 'climbs', data: { source, package: own } });
        return;
      }
      if (!fromArea) return;
      const parts = inAreas(target);
      if (!parts || parts.length === 0) return;
      const toArea = parts[0];
      if (toArea === fromArea) return;
      // One segment: a file of the root (areas.server.ts) or an area's folder, i.e. its index;
      // `../purchasing/server` and the manifests (`area.ts`, `area.server.ts`…) are public.
      if (parts.length === 1 || (parts.length === 2 && publicFiles.includes(stem(parts[1])))) return;
      const name = stem(parts[parts.length - 1]);
      if (allow.some(([from, to, base]) => from === fromArea && to === toArea && base === name)) return;
      context.report({
        node,
        messageId: 'crossArea',
        data: {
          source,
          area: fromArea,
          target: toArea,
          public: publicFiles.map((f) => `${f}.ts`).join(', '),
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'import-zones': rule } };
