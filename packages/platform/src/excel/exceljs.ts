// exceljs weighs ~25 MB once loaded: the server loads it on the first Excel call, not at start.
import type ExcelJSModule from 'exceljs';

export type ExcelJs = typeof ExcelJSModule;

let loading: Promise<ExcelJs> | null = null;

/** The exceljs module, loaded once on first use. */
export function loadExcelJs(): Promise<ExcelJs> {
  loading ??= import('exceljs').then((module) => (module.default ?? module) as ExcelJs);
  return loading;
}
