// Inputs that areas register for their structured (JSON) fields: a field names its editor
// (`json({ editor: 'programParams' })`), an area's web part supplies the component, loaded when a
// form first shows such a field. The generic form and the line grid then edit the value like any
// other field (FieldInput), with the row beside it for what the editor depends on.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface FieldEditorProps {
  /** The field's name in its row. */
  readonly name: string;
  readonly value?: unknown;
  onChange?(value: unknown): void;
  /** The row (header or line) being edited: the editor may depend on its other values. */
  readonly row?: Readonly<Record<string, unknown>>;
  readonly disabled?: boolean;
  readonly id?: string;
}

export type FieldEditorLoader = () => Promise<{ default: ComponentType<FieldEditorProps> }>;

const loaders = new Map<string, FieldEditorLoader>();
const components = new Map<string, LazyExoticComponent<ComponentType<FieldEditorProps>>>();

/** Registers the editors of an area's web part (at start, from `defineAreaScreens`). */
export function registerFieldEditors(editors: Readonly<Record<string, FieldEditorLoader>>): void {
  for (const [name, load] of Object.entries(editors)) {
    const known = loaders.get(name);
    if (known && known !== load) throw new Error(`field editor ${name} is registered twice`);
    loaders.set(name, load);
  }
}

/** The editor registered under `name`, loaded on first use; undefined when none is. */
export function fieldEditor(name: string): LazyExoticComponent<ComponentType<FieldEditorProps>> | undefined {
  let component = components.get(name);
  if (!component) {
    const load = loaders.get(name);
    if (!load) return undefined;
    component = lazy(load);
    components.set(name, component);
  }
  return component;
}
