// Screens of outbound interfaces (web): definitions with their request configuration, maps and
// parameters; the outbox; the platform log.
import { Suspense, createElement, lazy } from 'react';
import { type LinesEditor, type LinesEditorProps, type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { definitionButtons } from './definition/definition.buttons';

const definitions = () => import('./index');
const DefinitionLines = lazy(() => import('./definition/DefinitionLines'));
// The definition's lines, with 从数据字典选择 over its maps. All four collections, so that they stay
// in the definition's order (the page shows an editor's lines before its own grids).
const linesEditor: LinesEditor = {
  collections: ['configs', 'reqMaps', 'resMaps', 'parameters'],
  component: (props: LinesEditorProps) =>
    createElement(Suspense, { fallback: null }, createElement(DefinitionLines, props)),
};

export const interfacesScreens: ScreenEntry[] = [
  ...entityScreens('interfaces', 'baseScsiDefinition', () => definitions().then((m) => m.scsiDefinition), {
    list: 'scsiDefinitionList',
    edit: 'scsiDefinition/scsiDefinitionEdit',
    editButtons: definitionButtons,
    linesEditor,
  }),
  ...entityScreens('interfaces', 'baseScsiOutbox', () => definitions().then((m) => m.scsiOutbox), {
    list: 'scsiOutboxList',
    edit: 'scsiOutboxDetail',
  }),
  ...entityScreens('interfaces', 'baseScsiPlatformLog', () => definitions().then((m) => m.scsiPlatformLog), {
    list: 'scsiPlatformLogList',
    edit: 'scsiPlatformLogDetail',
  }),
];
