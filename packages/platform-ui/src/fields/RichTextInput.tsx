// The input of a rich text field (`textarea({ rich: true })`): a contentEditable area under a
// small toolbar (bold, headings, lists, colour, alignment, links, undo). Its value is HTML; the
// server keeps only allowed formatting at every save, readers show it with RichTextView.
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  FontColorsOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, ConfigProvider, Dropdown, Input, Modal, Popover, Tooltip, Typography, theme } from 'antd';
import {
  type CSSProperties,
  type ClipboardEvent,
  type DragEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useLabels } from '../context/labels';
import { cleanPastedHtml, escapeHtml, httpLink, isEmptyRichText } from './richText';

/** Formatted rich text: tables with borders, images within the width, small paragraph margins. */
const RICH_TEXT_CSS = `
.srm-rich-text { line-height: 1.6; overflow-wrap: anywhere; }
.srm-rich-text > :first-child { margin-top: 0; }
.srm-rich-text > :last-child { margin-bottom: 0; }
.srm-rich-text p { margin: 0 0 4px; }
.srm-rich-text h1, .srm-rich-text h2, .srm-rich-text h3, .srm-rich-text h4 { margin: 12px 0 6px; font-weight: 600; line-height: 1.4; }
.srm-rich-text h1 { font-size: 22px; }
.srm-rich-text h2 { font-size: 19px; }
.srm-rich-text h3 { font-size: 16px; }
.srm-rich-text ul, .srm-rich-text ol { margin: 4px 0; padding-left: 2em; }
.srm-rich-text blockquote { margin: 4px 0; padding-left: 12px; border-left: 3px solid #d9d9d9; color: rgba(0, 0, 0, 0.65); }
.srm-rich-text table { border-collapse: collapse; margin: 6px 0; max-width: 100%; }
.srm-rich-text th, .srm-rich-text td { border: 1px solid #d9d9d9; padding: 4px 8px; vertical-align: top; }
.srm-rich-text th { background: #fafafa; font-weight: 600; }
.srm-rich-text img { max-width: 100%; height: auto; }
.srm-rich-text-editor { outline: none; }
.srm-rich-text-editor:empty::before { content: attr(data-placeholder); color: var(--srm-rich-text-placeholder); pointer-events: none; }
`;

/** The stylesheet of rich text, once in the page however many fields show it (React 19 hoists it). */
function RichTextStyle() {
  return (
    <style href="srm-rich-text" precedence="default">
      {RICH_TEXT_CSS}
    </style>
  );
}

/**
 * The editor and its links with the background as their own, written out (not a CSS variable):
 * otherwise Chromium's insertHTML gives pasted and inserted links an inline background (antd's
 * reset makes links transparent), which would be stored.
 */
function EditorBackground({ colour }: { colour: string }) {
  return (
    <style href={`srm-rich-text-editor-${colour}`} precedence="default">
      {`.srm-rich-text-editor, .srm-rich-text-editor a { background-color: ${colour}; }`}
    </style>
  );
}

/** A link in shown rich text opens in a new tab, never in place of the workspace. */
function openLinkApart(event: MouseEvent<HTMLDivElement>) {
  const link = (event.target as Element | null)?.closest?.('a[href]');
  const href = link?.getAttribute('href');
  if (!href || !httpLink(href)) return;
  event.preventDefault();
  window.open(href, '_blank', 'noopener,noreferrer');
}

/**
 * Rich text shown formatted. The HTML must come from the server, which stores only cleaned HTML
 * (allowed tags and styles, no scripts, handlers or script URLs), or from this user's editor.
 */
export function RichTextView({ html, style }: { html: string; style?: CSSProperties }) {
  return (
    <>
      <RichTextStyle />
      <div
        className="srm-rich-text"
        style={style}
        onClick={openLinkApart}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

export interface RichTextInputProps {
  id?: string;
  /** The HTML ('' or nothing when empty). */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** The field's maximum length, counted on the HTML. */
  maxLength?: number;
}

const COLOURS = ['#000000', '#c00000', '#1677ff', '#389e0d', '#d46b08'];

/** Commands whose state the toolbar shows (the selection is bold, in a list, centred...). */
const STATE_COMMANDS = [
  'bold',
  'italic',
  'underline',
  'strikeThrough',
  'insertOrderedList',
  'insertUnorderedList',
  'justifyLeft',
  'justifyCenter',
  'justifyRight',
];

/**
 * Runs an editing command on the focused editor. `document.execCommand` is deprecated but is
 * still the only built-in way to format a contentEditable that keeps the browser's own undo stack
 * and caret handling, with no editor library; Chromium implements every command used here.
 */
function exec(command: string, argument?: string): void {
  document.execCommand(command, false, argument);
}

/**
 * The editor's HTML as the field stores it. Chromium writes strikethrough as `<strike>`, which
 * the server's allow list does not keep: it is stored as `<s>`. (`<` inside text is `&lt;` in
 * innerHTML, so only tags match.)
 */
function editorHtml(element: HTMLElement): string {
  const html = element.innerHTML.replace(/<(\/?)strike(?=[\s>])/gi, '<$1s');
  return isEmptyRichText(html) ? '' : html;
}

const BLOCKS = new Set([
  'P',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'TABLE',
  'BLOCKQUOTE',
  'PRE',
  'HR',
]);

/** Whether the caret is in a line typed straight into the editor, outside any paragraph. */
function caretInBareLine(element: HTMLElement): boolean {
  let node = document.getSelection()?.anchorNode ?? null;
  if (!node || node === element || !element.contains(node)) return false;
  while (node.parentNode !== element) node = node.parentNode!;
  return !BLOCKS.has(node.nodeName);
}

/** Keeps the editor's selection when a toolbar control is pressed. */
const keepSelection = (event: MouseEvent) => event.preventDefault();

function ToolButton({
  title,
  icon,
  active,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  onClick?: () => void;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        onMouseDown={keepSelection}
        onClick={onClick}
      />
    </Tooltip>
  );
}

export function RichTextInput({ id, value, onChange, disabled: ownDisabled, maxLength }: RichTextInputProps) {
  const labels = useLabels();
  const { token } = theme.useToken();
  // Disabled by its prop, or else like antd's inputs by a disabled Form around it.
  const { componentDisabled } = ConfigProvider.useConfig();
  const disabled = ownDisabled ?? componentDisabled ?? false;
  const editor = useRef<HTMLDivElement>(null);
  /** The last selection inside the editor (toolbar popups take the focus away). */
  const saved = useRef<Range | null>(null);
  /** A drag that started in the editor: its content is the editor's own, moved natively. */
  const draggingInside = useRef(false);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState('');
  const [colourOpen, setColourOpen] = useState(false);
  const [link, setLink] = useState<{ text: string; invalid: boolean } | null>(null);
  const html = value ?? '';

  // A value from outside (a load, a reset) replaces the content; the value this editor just
  // emitted is its content already, so typing never moves the caret.
  useLayoutEffect(() => {
    const element = editor.current;
    if (!element || editorHtml(element) === html) return;
    element.innerHTML = html;
    saved.current = null;
  }, [html, disabled]);

  useEffect(() => {
    if (disabled) return;
    const onSelectionChange = () => {
      const element = editor.current;
      const selection = document.getSelection();
      if (!element || !selection?.rangeCount) return;
      const range = selection.getRangeAt(0);
      if (!element.contains(range.commonAncestorContainer)) return;
      saved.current = range.cloneRange();
      setActive(STATE_COMMANDS.filter((command) => document.queryCommandState(command)).join(' '));
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [disabled]);

  const emit = () => {
    const element = editor.current;
    if (!element) return;
    // Only line breaks left: emptied, so the placeholder shows again.
    if (/^(<br\s*\/?>)+$/i.test(element.innerHTML)) element.innerHTML = '';
    const next = editorHtml(element);
    if (next !== html) onChange?.(next);
  };

  /** Focuses the editor with its last selection back. */
  const restore = () => {
    const element = editor.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    const range = saved.current;
    const selection = document.getSelection();
    if (range && selection && element.contains(range.commonAncestorContainer)) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  };

  const run = (command: string, argument?: string) => {
    restore();
    exec(command, argument);
    emit();
  };

  const applyColour = (colour: string) => {
    setColourOpen(false);
    restore();
    // As a style (`<span style="color">`): the server keeps styles, not `<font color>`.
    exec('styleWithCSS', 'true');
    exec('foreColor', colour);
    exec('styleWithCSS', 'false');
    emit();
  };

  const openLink = () => {
    const anchor = saved.current?.commonAncestorContainer;
    const element = anchor instanceof Element ? anchor : anchor?.parentElement;
    const href = element?.closest('a[href]')?.getAttribute('href') ?? '';
    setLink({ text: editor.current?.contains(element ?? null) ? href : '', invalid: false });
  };

  const insertLink = () => {
    if (!link) return;
    const url = httpLink(link.text);
    if (!url) {
      setLink({ ...link, invalid: true });
      return;
    }
    setLink(null);
    restore();
    const selection = document.getSelection();
    if (!selection?.rangeCount || selection.getRangeAt(0).collapsed) {
      exec('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    } else {
      exec('createLink', url);
    }
    emit();
  };

  /** Inserts pasted or dropped content: its HTML cleaned, or else its plain text. */
  const insertData = (data: DataTransfer): boolean => {
    const pastedHtml = data.getData('text/html');
    if (pastedHtml) {
      exec('insertHTML', cleanPastedHtml(pastedHtml));
      return true;
    }
    const text = data.getData('text/plain');
    if (text) {
      // Its lines as paragraphs (<p>), not Chromium's default <div>.
      exec('defaultParagraphSeparator', 'p');
      exec('insertText', text);
      return true;
    }
    return false;
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (insertData(event.clipboardData)) emit();
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (draggingInside.current) return;
    // Content dropped from elsewhere is cleaned like a paste (files are not taken).
    event.preventDefault();
    const range = document.caretRangeFromPoint?.(event.clientX, event.clientY);
    const selection = document.getSelection();
    if (range && selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
    if (insertData(event.dataTransfer)) emit();
  };

  if (disabled) {
    return (
      <div id={id}>
        <RichTextView html={html} style={{ padding: '4px 0' }} />
      </div>
    );
  }

  const over = maxLength !== undefined && html.length > maxLength;
  const count =
    maxLength !== undefined ? (
      <div
        style={{
          textAlign: 'right',
          fontSize: token.fontSizeSM,
          color: over ? token.colorError : token.colorTextTertiary,
          marginTop: 2,
        }}
      >
        {html.length} / {maxLength}
      </div>
    ) : null;

  const on = (command: string) => active.split(' ').includes(command);
  return (
    <div>
      <RichTextStyle />
      <EditorBackground colour={token.colorBgContainer} />
      <div
        style={{
          border: `${token.lineWidth}px ${token.lineType} ${over ? token.colorError : focused ? token.colorPrimary : token.colorBorder}`,
          borderRadius: token.borderRadius,
          boxShadow: focused
            ? `0 0 0 2px ${over ? token.colorErrorOutline : token.controlOutline}`
            : undefined,
          background: token.colorBgContainer,
          transition: `all ${token.motionDurationMid}`,
        }}
      >
        <div
          role="toolbar"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
            padding: '4px 6px',
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          }}
        >
          <ToolButton
            title={labels.t('ui.richText.bold')}
            icon={<BoldOutlined />}
            active={on('bold')}
            onClick={() => run('bold')}
          />
          <ToolButton
            title={labels.t('ui.richText.italic')}
            icon={<ItalicOutlined />}
            active={on('italic')}
            onClick={() => run('italic')}
          />
          <ToolButton
            title={labels.t('ui.richText.underline')}
            icon={<UnderlineOutlined />}
            active={on('underline')}
            onClick={() => run('underline')}
          />
          <ToolButton
            title={labels.t('ui.richText.strikethrough')}
            icon={<StrikethroughOutlined />}
            active={on('strikeThrough')}
            onClick={() => run('strikeThrough')}
          />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'h2',
                  label: (
                    <span style={{ fontSize: 17, fontWeight: 600 }}>{labels.t('ui.richText.heading2')}</span>
                  ),
                },
                {
                  key: 'h3',
                  label: <span style={{ fontWeight: 600 }}>{labels.t('ui.richText.heading3')}</span>,
                },
                { key: 'p', label: labels.t('ui.richText.paragraph') },
              ],
              onClick: ({ key }) => run('formatBlock', `<${key}>`),
            }}
          >
            <span>
              <ToolButton title={labels.t('ui.richText.heading')} icon={<FontSizeOutlined />} />
            </span>
          </Dropdown>
          <ToolButton
            title={labels.t('ui.richText.orderedList')}
            icon={<OrderedListOutlined />}
            active={on('insertOrderedList')}
            onClick={() => run('insertOrderedList')}
          />
          <ToolButton
            title={labels.t('ui.richText.unorderedList')}
            icon={<UnorderedListOutlined />}
            active={on('insertUnorderedList')}
            onClick={() => run('insertUnorderedList')}
          />
          <Popover
            trigger="click"
            placement="bottom"
            open={colourOpen}
            onOpenChange={setColourOpen}
            content={
              <div style={{ display: 'flex', gap: 6 }}>
                {COLOURS.map((colour) => (
                  <button
                    key={colour}
                    type="button"
                    aria-label={colour}
                    title={colour}
                    onMouseDown={keepSelection}
                    onClick={() => applyColour(colour)}
                    style={{
                      width: 20,
                      height: 20,
                      padding: 0,
                      cursor: 'pointer',
                      background: colour,
                      border: `1px solid ${token.colorBorder}`,
                      borderRadius: token.borderRadiusSM,
                    }}
                  />
                ))}
              </div>
            }
          >
            <span>
              <ToolButton title={labels.t('ui.richText.color')} icon={<FontColorsOutlined />} />
            </span>
          </Popover>
          <ToolButton
            title={labels.t('ui.richText.alignLeft')}
            icon={<AlignLeftOutlined />}
            active={on('justifyLeft')}
            onClick={() => run('justifyLeft')}
          />
          <ToolButton
            title={labels.t('ui.richText.alignCenter')}
            icon={<AlignCenterOutlined />}
            active={on('justifyCenter')}
            onClick={() => run('justifyCenter')}
          />
          <ToolButton
            title={labels.t('ui.richText.alignRight')}
            icon={<AlignRightOutlined />}
            active={on('justifyRight')}
            onClick={() => run('justifyRight')}
          />
          <ToolButton title={labels.t('ui.richText.link')} icon={<LinkOutlined />} onClick={openLink} />
          <ToolButton
            title={labels.t('ui.richText.clearFormat')}
            icon={<ClearOutlined />}
            onClick={() => run('removeFormat')}
          />
          <ToolButton
            title={labels.t('ui.richText.undo')}
            icon={<UndoOutlined />}
            onClick={() => run('undo')}
          />
          <ToolButton
            title={labels.t('ui.richText.redo')}
            icon={<RedoOutlined />}
            onClick={() => run('redo')}
          />
        </div>
        <div
          ref={editor}
          id={id}
          className="srm-rich-text srm-rich-text-editor"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline
          data-placeholder={labels.t('ui.placeholder.input')}
          style={
            {
              minHeight: 220,
              maxHeight: 520,
              overflowY: 'auto',
              padding: '4px 11px',
              cursor: 'text',
              '--srm-rich-text-placeholder': token.colorTextPlaceholder,
            } as CSSProperties
          }
          onInput={emit}
          onKeyDown={(event) => {
            // The first line is typed straight into the editor: it becomes a paragraph before
            // Enter opens the next one, so every line is a <p>.
            const element = editor.current;
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || !element) return;
            // New lines as paragraphs (<p>), not Chromium's default <div>.
            exec('defaultParagraphSeparator', 'p');
            if (caretInBareLine(element)) exec('formatBlock', '<p>');
          }}
          onPaste={onPaste}
          onDrop={onDrop}
          onDragStart={() => (draggingInside.current = true)}
          onDragEnd={() => (draggingInside.current = false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
      </div>
      {count}
      <Modal
        open={link !== null}
        title={labels.t('ui.richText.link')}
        okText={labels.t('ui.ok')}
        cancelText={labels.t('ui.cancel')}
        onOk={insertLink}
        onCancel={() => setLink(null)}
        destroyOnHidden
      >
        <Input
          autoFocus
          placeholder="https://"
          value={link?.text ?? ''}
          status={link?.invalid ? 'error' : undefined}
          onChange={(event) => setLink({ text: event.target.value, invalid: false })}
          onPressEnter={insertLink}
        />
        <Typography.Text
          type={link?.invalid ? 'danger' : 'secondary'}
          style={{ display: 'block', marginTop: 6, fontSize: token.fontSizeSM }}
        >
          {labels.t('ui.richText.linkHint')}
        </Typography.Text>
      </Modal>
    </div>
  );
}
