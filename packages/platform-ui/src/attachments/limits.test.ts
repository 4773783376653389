import { describe, expect, it } from 'vitest';
import { UPLOAD_EXTENSIONS, translate } from '@srm/kernel';
import { platformUiMessages } from '../messages';
import {
  CHUNK_SIZE,
  acceptAttribute,
  baseNameOf,
  canAddMore,
  checkFile,
  chunkPlan,
  extensionOf,
  formatSize,
  isLargeFile,
  isPreviewable,
  joinIds,
  newUploadId,
  parseIds,
  previewKind,
} from './limits';

const zh = (issue: { message: string; params?: Record<string, string | number> } | null) =>
  issue ? translate(platformUiMessages, 'zh-CN', issue.message, issue.params) : null;

describe('which files may be uploaded', () => {
  it('refuses an extension outside the configured list, case-insensitively, naming the allowed list', () => {
    const limits = { accept: ['PDF', '.docx'] };
    expect(checkFile({ name: 'contract.PdF', size: 10 }, 0, limits)).toBeNull();
    expect(checkFile({ name: 'scan.docx', size: 10 }, 0, limits)).toBeNull();
    const issue = checkFile({ name: 'photo.png', size: 10 }, 0, limits);
    expect(zh(issue)).toBe('当前文件扩展名不能上传附件，允许的格式：pdf,docx');
    expect(zh(checkFile({ name: 'no-extension', size: 10 }, 0, limits))).toContain(
      '当前文件扩展名不能上传附件',
    );
    expect(acceptAttribute(limits)).toBe('.pdf,.docx');
  });

  it('without a list takes what the server accepts, and refuses programs and scripts by name', () => {
    expect(checkFile({ name: 'drawing.dwg', size: 10 }, 0)).toBeNull();
    expect(checkFile({ name: '报价.xlsx', size: 10 }, 0)).toBeNull();
    for (const name of ['setup.exe', 'run.hta', 'a.wsf', 'a.vbe', 'a.reg', 'a.lnk', 'a.py', 'a.sh', 'README'])
      expect(zh(checkFile({ name, size: 10 }, 0)), name).toMatch(
        /^当前文件扩展名不能上传附件，允许的格式：pdf,/,
      );
    const attribute = acceptAttribute({});
    expect(attribute.split(',')).toEqual(UPLOAD_EXTENSIONS.map((extension) => `.${extension}`));
    expect(attribute).not.toContain('.exe');
  });

  it('keeps a field’s list within the server’s', () => {
    const limits = { accept: ['pdf', 'exe', 'bat'] };
    expect(acceptAttribute(limits)).toBe('.pdf');
    expect(zh(checkFile({ name: 'tool.exe', size: 10 }, 0, limits))).toBe(
      '当前文件扩展名不能上传附件，允许的格式：pdf',
    );
  });

  it('caps the size at 2147483648 bytes by default, or the configured maximum', () => {
    expect(checkFile({ name: 'a.zip', size: 2147483648 }, 0)).toBeNull();
    expect(zh(checkFile({ name: 'a.zip', size: 2147483649 }, 0))).toBe('文件大小不能超过 2 GB');
    expect(zh(checkFile({ name: 'a.pdf', size: 2 * 1024 * 1024 }, 0, { maxBytes: 1024 * 1024 }))).toBe(
      '文件大小不能超过 1 MB',
    );
    expect(zh(checkFile({ name: 'a.pdf', size: 0 }, 0))).toBe('不能上传空文件');
  });

  it('allows 999 attachments by default and disables the button at the count', () => {
    expect(canAddMore(998)).toBe(true);
    expect(canAddMore(999)).toBe(false);
    expect(canAddMore(1, { maxCount: 1 })).toBe(false);
    expect(checkFile({ name: 'a.pdf', size: 1 }, 998)).toBeNull();
    expect(zh(checkFile({ name: 'a.pdf', size: 1 }, 999))).toBe('附件数量已达上限 999 个');
  });

  it('takes only gif, jpg, jpeg, png and bmp as images, with the spec alert', () => {
    for (const name of ['a.gif', 'a.JPG', 'a.jpeg', 'a.png', 'a.bmp'])
      expect(checkFile({ name, size: 1 }, 0, { imagesOnly: true })).toBeNull();
    expect(zh(checkFile({ name: 'a.webp', size: 1 }, 0, { imagesOnly: true }))).toBe(
      '图片类型必须是.gif,jpeg,jpg,png,bmp中的一种',
    );
    expect(acceptAttribute({ imagesOnly: true })).toBe('.gif,.jpg,.jpeg,.png,.bmp');
  });
});

describe('preview', () => {
  it('is offered only for the spec formats', () => {
    for (const suffix of [
      'gif',
      'jpg',
      'jpeg',
      'png',
      'bmp',
      'txt',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'pdf',
    ])
      expect(isPreviewable(suffix)).toBe(true);
    expect(isPreviewable('zip')).toBe(false);
    expect(isPreviewable('PDF')).toBe(true);
    expect(previewKind('png')).toBe('image');
    expect(previewKind('pdf')).toBe('pdf');
    expect(previewKind('docx')).toBe('office');
    expect(previewKind('txt')).toBe('text');
    expect(previewKind('dwg')).toBe('none');
    expect(translate(platformUiMessages, 'zh-CN', 'ui.attachment.notPreviewable')).toBe(
      '不支持在线浏览的文件格式，请直接下载文件使用本地工具浏览！',
    );
  });
});

describe('a cropped image', () => {
  it('is named after the image it was cut from, in the user’s language', () => {
    expect(baseNameOf('样品照片.PNG')).toBe('样品照片');
    expect(baseNameOf('scan.v2.jpeg')).toBe('scan.v2');
    expect(baseNameOf('README')).toBe('README');
    const name = (locale: 'zh-CN' | 'en', file: string) =>
      translate(platformUiMessages, locale, 'ui.viewer.croppedName', { name: baseNameOf(file) });
    expect(name('zh-CN', '样品照片.png')).toBe('样品照片_裁剪.jpg');
    expect(name('en', 'sample.bmp')).toBe('sample_cropped.jpg');
  });
});

describe('large-file mode and its chunks', () => {
  it('is N up to 104857600 bytes and Y above', () => {
    expect(isLargeFile(104857600)).toBe(false);
    expect(isLargeFile(104857601)).toBe(true);
  });

  it('cuts a file into 16 MiB chunks covering every byte once', () => {
    const size = 104857601;
    const plan = chunkPlan(size);
    expect(plan).toHaveLength(7);
    expect(plan[0]).toEqual({ index: 0, start: 0, end: CHUNK_SIZE });
    expect(plan.at(-1)).toEqual({ index: 6, start: 6 * CHUNK_SIZE, end: size });
    expect(plan.reduce((sum, chunk) => sum + chunk.end - chunk.start, 0)).toBe(size);
    for (let i = 1; i < plan.length; i++) expect(plan[i]!.start).toBe(plan[i - 1]!.end);
  });

  it('resumes by leaving out the chunks the server already holds', () => {
    const plan = chunkPlan(10 * CHUNK_SIZE, CHUNK_SIZE, [0, 1, 2, 5]);
    expect(plan.map((chunk) => chunk.index)).toEqual([3, 4, 6, 7, 8, 9]);
    expect(chunkPlan(3 * CHUNK_SIZE, CHUNK_SIZE, [0, 1, 2])).toEqual([]);
  });

  it('refuses an impossible plan', () => {
    expect(() => chunkPlan(0)).toThrow(RangeError);
    expect(() => chunkPlan(10, 0)).toThrow(RangeError);
  });

  it('names uploads with ids the server accepts', () => {
    const id = newUploadId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newUploadId()).not.toBe(id);
  });
});

describe('values and texts', () => {
  it('keeps attachment ids as a comma-separated string', () => {
    expect(parseIds('3, 1,3,,x,0')).toEqual([3, 1]);
    expect(parseIds(null)).toEqual([]);
    expect(joinIds([3, 1])).toBe('3,1');
    expect(joinIds([])).toBeNull();
  });

  it('formats sizes for people', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(104857600)).toBe('100 MB');
    expect(formatSize(2147483648)).toBe('2 GB');
  });

  it('reads extensions from names', () => {
    expect(extensionOf('a.b.PDF')).toBe('pdf');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('C:\\dir\\x.docx')).toBe('docx');
  });

  it('has the spec texts of deleting', () => {
    expect(translate(platformUiMessages, 'zh-CN', 'ui.attachment.deleteConfirm')).toBe(
      '请确认是否继续删除附件信息?',
    );
    expect(translate(platformUiMessages, 'zh-CN', 'ui.attachment.deleted')).toBe(
      '附件删除成功，因附件ID更新，请及时保存业务单据',
    );
  });
});
