// RUN_REPORT (运行报表): a report endpoint run to an xlsx in the background, as the submitter —
// the same rows, columns and checks as the report screen's 导出 (the report's grant and its
// scope's export grant), for reports too slow to wait for or wanted on a schedule. Parameters:
// `reportEndpoint` (`entityName/endpoint` of an endpoint declaring a sheet) and `reportFilters` (the
// report's filters as JSON text, e.g. {"openOnly":"Y"}). The program's output type is XLSX.
import { storedMessage } from '@srm/kernel';
import type { Executable } from '@srm/platform';

export const runReport: Executable = async (run) => {
  const report = String(run.params.reportEndpoint ?? '');
  const given = run.params.reportFilters;
  let requestParams: unknown = {};
  if (typeof given === 'string' && given.trim()) {
    try {
      requestParams = JSON.parse(given);
    } catch {
      requestParams = null;
    }
  }
  if (!requestParams || typeof requestParams !== 'object' || Array.isArray(requestParams))
    throw new Error(await run.work(async (data) => data.t('scheduler.report.badParams')));
  run.log(`${report} ${JSON.stringify(requestParams)}`);
  await run.exportReport(report, { ...requestParams });
  return storedMessage('scheduler.report.done', { report });
};
