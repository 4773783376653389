import { describe, expect, it } from 'vitest';
import {
  type CleanableNode,
  type HtmlParser,
  cleanPastedHtml,
  httpLink,
  isEmptyRichText,
  isSafeUrl,
  richTextPlain,
} from './richText';

// The web tests run in Node, without DOMParser: the cleaner is given a small stand-in that
// parses the well-formed HTML of these tests into nodes with the DOM's shape.

const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'col',
  'base',
  'wbr',
  'source',
  'embed',
  'area',
]);
const RAW_TEXT = new Set(['script', 'style']);

class TestNode implements CleanableNode {
  parent: TestNode | null = null;
  readonly childNodes: TestNode[] = [];
  readonly attrs: { name: string; value: string }[] = [];
  constructor(
    readonly nodeType: number,
    readonly nodeName: string,
    readonly text = '',
  ) {}
  get attributes() {
    return this.nodeType === 1 ? [...this.attrs] : undefined;
  }
  removeAttribute(name: string) {
    const index = this.attrs.findIndex((attr) => attr.name === name);
    if (index >= 0) this.attrs.splice(index, 1);
  }
  remove() {
    const siblings = this.parent?.childNodes;
    if (siblings) siblings.splice(siblings.indexOf(this), 1);
    this.parent = null;
  }
  append(child: TestNode) {
    child.parent = this;
    this.childNodes.push(child);
    return child;
  }
  serialize(): string {
    if (this.nodeType === 3) return this.text;
    if (this.nodeType === 8) return `<!--${this.text}-->`;
    return this.childNodes.map((child) => child.outer()).join('');
  }
  outer(): string {
    if (this.nodeType !== 1) return this.serialize();
    const tag = this.nodeName.toLowerCase();
    const attrs = this.attrs.map(({ name, value }) => ` ${name}="${value.replace(/"/g, '&quot;')}"`).join('');
    return VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${this.serialize()}</${tag}>`;
  }
}

const testParser: HtmlParser = (html) => {
  const root = new TestNode(1, 'BODY');
  const open: TestNode[] = [root];
  const token =
    /<!--([\s\S]*?)-->|<\/([a-z][\w:-]*)\s*>|<([a-z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|([^<]+)/gi;
  let match: RegExpExecArray | null;
  while ((match = token.exec(html))) {
    const parent = open[open.length - 1]!;
    const [, comment, closing, tag, attrText, text] = match;
    if (comment !== undefined) parent.append(new TestNode(8, '#comment', comment));
    else if (text !== undefined) parent.append(new TestNode(3, '#text', text));
    else if (closing !== undefined) {
      const at = open.map((node) => node.nodeName).lastIndexOf(closing.toUpperCase());
      if (at > 0) open.length = at;
    } else if (tag !== undefined) {
      const element = parent.append(new TestNode(1, tag.toUpperCase()));
      for (const [, name, , double, single, bare] of (attrText ?? '').matchAll(
        /([^\s=>/]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
      )) {
        element.attrs.push({ name: name!, value: double ?? single ?? bare ?? '' });
      }
      const name = tag.toLowerCase();
      if (RAW_TEXT.has(name)) {
        const end = html.toLowerCase().indexOf(`</${name}`, token.lastIndex);
        const stop = end < 0 ? html.length : end;
        element.append(new TestNode(3, '#text', html.slice(token.lastIndex, stop)));
        token.lastIndex = stop;
      } else if (!VOID.has(name)) open.push(element);
    }
  }
  return { root, html: () => root.serialize() };
};

const clean = (html: string) => cleanPastedHtml(html, testParser);

describe('the cleaning of pasted HTML', () => {
  const pasted = [
    '<!--StartFragment--><p onclick="steal()">Hello <b>bold</b> <i>it</i></p>',
    '<script>alert(1)</script>',
    '<style>p { color: red }</style>',
    '<iframe src="https://evil.example/"></iframe>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<a href="javascript:alert(1)" onmouseover="x()">bad link</a>',
    '<a href=" JaVa\tScRiPt:alert(1)">spaced bad link</a>',
    '<a href="https://example.com/page?a=1" title="good">good link</a>',
    '<img src="data:image/png;base64,AAAA" onerror="boom()" alt="inline">',
    '<img src="https://example.com/a.png" alt="web">',
    '<span style="background: url(javascript:alert(1))">styled</span>',
    '<span style="color: #c00000">red</span>',
    '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>',
    '<!--EndFragment-->',
  ].join('');
  const cleaned = clean(pasted);

  it('removes scripts, styles, frames, plug-ins and comments with their content', () => {
    expect(cleaned).not.toMatch(/<script|alert\(1\)<\/script|<style|color: red|<iframe|<object|<embed|<!--/i);
  });

  it('removes event handlers and script or data URLs', () => {
    expect(cleaned).not.toMatch(/onclick|onmouseover|onerror|steal|boom/i);
    expect(cleaned).not.toMatch(/javascript:|data:/i);
    expect(cleaned).toContain('<a>bad link</a>');
    expect(cleaned).toContain('<a>spaced bad link</a>');
    expect(cleaned).toContain('<img alt="inline">');
    expect(cleaned).toContain('<span>styled</span>');
  });

  it('keeps formatting, web links, images and tables', () => {
    expect(cleaned).toContain('<p>Hello <b>bold</b> <i>it</i></p>');
    expect(cleaned).toContain('<a href="https://example.com/page?a=1" title="good">good link</a>');
    expect(cleaned).toContain('<img src="https://example.com/a.png" alt="web">');
    expect(cleaned).toContain('<span style="color: #c00000">red</span>');
    expect(cleaned).toContain('<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>');
  });

  it('cleans nested content too', () => {
    expect(clean('<div><ul><li><b onclick="x()">a<script>bad()</script></b></li></ul></div>')).toBe(
      '<div><ul><li><b>a</b></li></ul></div>',
    );
  });
});

describe('URLs', () => {
  it('are safe relative or with a web, mail or phone scheme', () => {
    for (const url of [
      'https://a.example/',
      'http://a.example',
      'mailto:x@a.example',
      'tel:123',
      '/p',
      '#top',
      'a.png',
    ]) {
      expect(isSafeUrl(url), url).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:x',
      'java\nscript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });

  it('of links typed in the editor are absolute http(s) only', () => {
    expect(httpLink(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(httpLink('HTTP://Example.com')).toBe('http://example.com/');
    expect(httpLink('javascript:alert(1)')).toBeNull();
    expect(httpLink('example.com')).toBeNull();
    expect(httpLink('ftp://example.com')).toBeNull();
    expect(httpLink('https://')).toBeNull();
    expect(httpLink('https://exa mple.com')).toBeNull();
  });
});

describe('rich text', () => {
  it('is empty with only line breaks, spaces and empty formatting', () => {
    for (const html of ['', '<br>', ' <br/> ', '<p><br></p>', '<div>&nbsp;</div>', '<h2><b></b></h2>']) {
      expect(isEmptyRichText(html), html).toBe(true);
    }
    for (const html of ['a', '<p>x</p>', '<img src="https://a.example/a.png">', '<hr>', '<table></table>']) {
      expect(isEmptyRichText(html), html).toBe(false);
    }
  });

  it('shows as one line of plain text in a grid cell', () => {
    expect(
      richTextPlain(
        '<h2>Title</h2><p>Line&nbsp;one<br>two &amp; <b>three</b></p><script>x()</script><ul><li>a</li><li>b</li></ul><p>&lt;tag&gt; &#20013;&#x6587;</p>',
      ),
    ).toBe('Title Line one two & three a b <tag> 中文');
  });
});
