// Extension points of the generic edit screen, declared on a screen's registry line: buttons of
// its own in the header (shown when their resource code is granted and the row is saved) and an
// editor that replaces the grids of some line collections (a role's permission tree).
import type { ComponentType } from 'react';
import type { FormInstance } from 'antd';
import type { EntityDef } from '@srm/kernel';
import type { LineIssue } from './lineIssues';

type Row = Readonly<Record<string, unknown>>;

export interface EditButtonProps {
  readonly entity: EntityDef;
  /** The saved row the button acts on. */
  readonly row: Row;
  /** Another button of the page is running. */
  readonly disabled: boolean;
}

export interface EditButton {
  readonly key: string;
  /** Resource code that must be granted, e.g. `baseUser.resetPassword`. */
  readonly resource: string;
  readonly component: ComponentType<EditButtonProps>;
}

export interface LinesEditorProps {
  readonly entity: EntityDef;
  readonly form: FormInstance;
  readonly saved: Row | null;
  readonly editable: boolean;
  onChanged(): void;
  /** Problems of the lines from the last save, by collection (to hand to `LinesCard`). */
  readonly issues?: Readonly<Record<string, readonly LineIssue[]>>;
  /** Scroll to the first issue when the issues change. */
  readonly focusIssues?: boolean;
}

export interface LinesEditor {
  /** The line collections the editor takes over. */
  readonly collections: readonly string[];
  readonly component: ComponentType<LinesEditorProps>;
}

export interface ListButtonProps {
  readonly entity: EntityDef;
  /** The rows chosen in the list (may be empty). */
  readonly selected: readonly Row[];
  /** Forgets the rows chosen (after the button turned them into something else). */
  clearSelection(): void;
}

/** A toolbar button of a list screen acting on the rows chosen (打印标签 in the barcode list). */
export interface ListButton {
  readonly key: string;
  /** Resource code that must be granted. */
  readonly resource: string;
  readonly component: ComponentType<ListButtonProps>;
}
