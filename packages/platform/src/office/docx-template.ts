// Word templates with docxtemplater tags: `{name}` variables, `{#items}…{/items}` loops (a table
// row or paragraphs repeated per item), `{#flag}…{/flag}` and `{^flag}…{/flag}` conditions.
// Checked against a dictionary of the names a caller provides, and filled.
import type { DXT } from 'docxtemplater';
import type DocxtemplaterModule from 'docxtemplater';
import { OfficeDocumentError } from '../files/office';
import { readDocx, zipOf } from './docx-package';

type Docxtemplater = typeof DocxtemplaterModule;

let loading: Promise<Docxtemplater> | null = null;

/** docxtemplater, loaded on the first template, not at the server's start. */
function loadDocxtemplater(): Promise<Docxtemplater> {
  loading ??= import('docxtemplater').then((module) => (module.default ?? module) as Docxtemplater);
  return loading;
}

/** The names a template may use. */
export interface DocxTemplateDictionary {
  /** Variables at the document's level; a section on one (`{#warranty}`) is a condition. */
  readonly variables: readonly string[];
  /**
   * Loops by name, with the names each item has (`items: ['lineNo', 'itemCode', …]`). Inside a
   * loop the document's variables remain in reach, as docxtemplater looks a name up outwards.
   */
  readonly loops?: Readonly<Record<string, readonly string[]>>;
}

/**
 * What is wrong with a template. `code` is docxtemplater's error id (`unclosed_tag`,
 * `unopened_tag`, `unclosed_loop`, `unopened_loop`, `closing_tag_does_not_match_opening_tag`,
 * `duplicate_open_tag`, `duplicate_close_tag`, `raw_xml_tag_should_be_only_text_in_paragraph`,
 * `file_has_invalid_xml`…) or one of the dictionary's: `unknown_tag`, `unknown_loop`,
 * `loop_as_variable` (`{items}` where `{#items}` is meant), `raw_xml_tag` (`{@name}`: it would
 * insert the value as XML, so it is refused). `message` is an English explanation, for logs.
 */
export interface DocxTemplateIssue {
  readonly code: string;
  /**
   * The tag's name, without its `#`, `^`, `/` or `@` (docxtemplater's `xtag`: for a closing tag
   * that does not match, the opening one; for an unopened tag, the text at the stray brace).
   */
  readonly tag: string;
  /** Where the tag starts in the text of its part. */
  readonly offset?: number;
  /** The part the tag is in (`word/document.xml`, `word/header1.xml`…), when docxtemplater says. */
  readonly part?: string;
  readonly message: string;
}

export interface DocxTemplateCheck {
  readonly ok: boolean;
  readonly errors: DocxTemplateIssue[];
  /** Every name the template uses, sorted: `contractNumber`, `items`, `items.lineNo`… */
  readonly variables: string[];
}

const OPTIONS = {
  // A loop whose tags stand alone in their paragraphs repeats the paragraphs between them and
  // leaves no empty paragraph behind.
  paragraphLoop: true,
  // A value's line breaks become line breaks in the document.
  linebreaks: true,
  // Control characters in a value (pasted from elsewhere) are dropped rather than refused.
  stripInvalidXMLChars: true,
  errorLogging: false,
} as const;

/** A compile error as thrown by docxtemplater: one error, or a multi_error holding several. */
interface TemplateErrorShape {
  message?: string;
  properties?: {
    id?: string;
    xtag?: string;
    openingtag?: string;
    offset?: number | number[];
    file?: string;
    explanation?: string;
    errors?: TemplateErrorShape[];
  };
}

function issuesOf(error: unknown): DocxTemplateIssue[] | null {
  const shape = error as TemplateErrorShape;
  if (!shape?.properties?.id) return null;
  const errors = shape.properties.id === 'multi_error' ? (shape.properties.errors ?? []) : [shape];
  return errors.map(({ message, properties = {} }) => {
    const offset = Array.isArray(properties.offset) ? properties.offset[0] : properties.offset;
    return {
      code: properties.id ?? 'template_error',
      tag: properties.xtag ?? properties.openingtag ?? '',
      ...(offset !== undefined ? { offset } : {}),
      ...(properties.file ? { part: properties.file } : {}),
      message: properties.explanation ?? message ?? '',
    };
  });
}

/** docxtemplater's own lookup: a name in the item, or the item itself for `{.}`. */
function scopeParser(tag: string): DXT.Parser {
  return { get: (scope: Record<string, unknown> | null) => (tag === '.' ? scope : scope?.[tag]) };
}

/**
 * The tags docxtemplater compiled, seen through its `parser` option (called once per tag at
 * compile time), and the issues it reported.
 */
async function compile(bytes: Uint8Array): Promise<{ tags: Set<DXT.Part>; issues: DocxTemplateIssue[] }> {
  const Docxtemplater = await loadDocxtemplater();
  const zip = await zipOf(await readDocx(bytes));
  const tags = new Set<DXT.Part>();
  try {
    new Docxtemplater(zip, {
      ...OPTIONS,
      parser: (tag: string, context?: { tag?: DXT.Part }) => {
        if (context?.tag) tags.add(context.tag);
        return scopeParser(tag);
      },
    } as DXT.ConstructorOptions);
  } catch (error) {
    const issues = issuesOf(error);
    if (!issues) throw new OfficeDocumentError('unreadable');
    return { tags, issues };
  }
  return { tags, issues: [] };
}

/** The names in reach at a place in the template: a loop's item names inside the loop's scope. */
interface Scope {
  readonly loop: string | null;
  readonly names: ReadonlySet<string>;
  readonly outer: Scope | null;
}

/**
 * Checks a template: every error docxtemplater finds, and every tag the dictionary does not
 * know. Throws OfficeDocumentError only when the bytes are no Word document (`unreadable`,
 * `too_large`).
 */
export async function validateDocxTemplate(
  bytes: Uint8Array,
  dictionary: DocxTemplateDictionary,
): Promise<DocxTemplateCheck> {
  const { tags, issues } = await compile(bytes);
  const loops = dictionary.loops ?? {};
  const top: Scope = { loop: null, names: new Set(dictionary.variables), outer: null };
  // A loop's items are its subparsed parts; the parser sees those too, so the outermost tags
  // are those no loop holds.
  const held = new Set([...tags].flatMap((part) => part.subparsed ?? []));
  const used = new Set<string>();
  const errors = [...issues];
  const refuse = (part: DXT.Part, code: string, message: string) =>
    errors.push({ code, tag: part.value, offset: part.offset, message });

  /** Where a name resolves, looking outwards: [the scope's loop or null, 'variable' | 'loop']. */
  const resolve = (name: string, scope: Scope): [string | null, 'variable' | 'loop'] | null => {
    for (let at: Scope | null = scope; at; at = at.outer) {
      if (at.names.has(name)) return [at.loop, 'variable'];
      if (!at.outer && Object.hasOwn(loops, name)) return [null, 'loop'];
    }
    // A template that does not compile may have lost a loop (one left open holds nothing): a
    // name is then refused only when it is nowhere in the dictionary, not to bury the error.
    if (issues.length) {
      const loop = Object.keys(loops).find((loopName) => loops[loopName]!.includes(name));
      if (loop) return [loop, 'variable'];
    }
    return null;
  };

  const check = (parts: readonly DXT.Part[], scope: Scope) => {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      const name = part.value;
      // An empty tag after a compile error is what the lexer made of a stray brace.
      if (!name && issues.length) continue;
      if (part.module === 'rawxml') {
        refuse(part, 'raw_xml_tag', `"{@${name}}" would insert its value as XML`);
        continue;
      }
      const found = resolve(name, scope);
      if (found) used.add(found[0] ? `${found[0]}.${name}` : name);
      if (part.module === 'loop') {
        if (!found)
          refuse(part, 'unknown_loop', `"{#${name}}" is neither a loop nor a variable of the dictionary`);
        // A loop's items bring their names; a condition or an inverted section keeps the scope.
        const inner: Scope =
          found?.[1] === 'loop' && !part.inverted
            ? { loop: name, names: new Set(loops[name]), outer: scope }
            : scope;
        check(part.subparsed ?? [], inner);
      } else if (!part.module) {
        if (!found) refuse(part, 'unknown_tag', `"{${name}}" is not in the dictionary`);
        else if (found[1] === 'loop')
          refuse(part, 'loop_as_variable', `"{${name}}" is a loop: write {#${name}}…{/${name}}`);
      }
    }
  };
  check(
    [...tags].filter((part) => !held.has(part)),
    top,
  );
  return { ok: errors.length === 0, errors, variables: [...used].sort() };
}

function invalid(error: unknown): unknown {
  const first = issuesOf(error)?.[0];
  return first ? new OfficeDocumentError('template_invalid', { code: first.code, tag: first.tag }) : error;
}

/**
 * The template filled with `data`: variables, loops over arrays (a table row or the paragraphs
 * between `{#items}` and `{/items}` repeated per item), conditions. A missing or null value is
 * left empty; values are written with their `toString()` (format numbers, amounts and dates
 * before). Throws OfficeDocumentError `template_invalid` (with the first issue's `code` and
 * `tag`: validate the template for all of them), `unreadable` or `too_large`.
 */
export async function fillDocxTemplate(
  bytes: Uint8Array,
  data: Readonly<Record<string, unknown>>,
): Promise<Buffer> {
  const Docxtemplater = await loadDocxtemplater();
  const zip = await zipOf(await readDocx(bytes));
  let raw: string | null = null;
  let document: InstanceType<Docxtemplater>;
  try {
    document = new Docxtemplater(zip, {
      ...OPTIONS,
      nullGetter: () => '',
      parser: (tag: string, context?: { tag?: DXT.Part }) => {
        if (context?.tag?.module === 'rawxml') raw ??= tag;
        return scopeParser(tag);
      },
    } as DXT.ConstructorOptions);
  } catch (error) {
    throw invalid(error);
  }
  // A value written as XML could add any content to the contract: refused, as in validation.
  if (raw !== null) throw new OfficeDocumentError('template_invalid', { code: 'raw_xml_tag', tag: raw });
  try {
    document.render(data);
  } catch (error) {
    throw invalid(error);
  }
  return document.toBuffer({ compression: 'DEFLATE' });
}
