// The code of a source row, in the caller's scope (templates and configs check against it).
import { AppError, type DataApi } from '@srm/platform';
import { messageSource } from './source.entity';

export async function sourceCodeOf(data: DataApi, sourceId: number): Promise<string> {
  const [source] = await data.list(messageSource, { sourceId }, { limit: 1 });
  if (!source) throw new AppError(404, 'error.notFound');
  return source.sourceCode;
}
