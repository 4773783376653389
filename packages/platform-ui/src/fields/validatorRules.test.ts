import { describe, expect, it } from 'vitest';
import { kernelMessages, mergeCatalogues, translate } from '@srm/kernel';
import { makeLabels } from '../context/labels';
import { ERROR_CATALOGUE } from '../feedback/feedback';
import { platformUiMessages } from '../messages';
import { firstRuleMessage, formRules } from './validatorRules';

const catalogue = mergeCatalogues(kernelMessages, platformUiMessages);
const zh = formRules(makeLabels({ catalogue, locale: 'zh-CN' }));
const en = formRules(makeLabels({ catalogue, locale: 'en' }));

describe('the form validators of §5 as form rules', () => {
  it('answer the spec texts', async () => {
    expect(await firstRuleMessage(zh.integer(true), '')).toBe('必填');
    expect(await firstRuleMessage(zh.integer(), '')).toBeNull();
    expect(await firstRuleMessage(zh.integer(), '-12')).toBeNull();
    expect(await firstRuleMessage(zh.integer(), '1.5')).toBe('必须输入数字');
    expect(await firstRuleMessage(zh.quantity(), '+3.25')).toBeNull();
    expect(await firstRuleMessage(zh.quantity(), '3.')).toBe('必须输入数值');
    expect(await firstRuleMessage(zh.score(), '100')).toBeNull();
    expect(await firstRuleMessage(zh.score(), '99.99')).toBeNull();
    expect(await firstRuleMessage(zh.score(), '100.5')).toBe('必须输入0-100的分数');
    expect(await firstRuleMessage(zh.score(), '9.999')).toBe('必须输入0-100的分数');
    expect(await firstRuleMessage(zh.email(), 'a@b')).toBe('邮箱格式错误');
    expect(await firstRuleMessage(zh.email(), 'buyer@example.cn')).toBeNull();
    expect(await firstRuleMessage(zh.mobile(), '13912345678')).toBeNull();
    expect(await firstRuleMessage(zh.mobile(), '12912345678')).toBe('手机号格式错误');
    expect(await firstRuleMessage(zh.landline(), '0512-66810001-123')).toBeNull();
    expect(await firstRuleMessage(zh.landline(), '66-810001')).toBe('电话号码格式错误');
    expect(await firstRuleMessage(zh.contactPhone(), '13812345678')).toBeNull();
    expect(await firstRuleMessage(zh.contactPhone(), '19912345678')).toBe(
      '联系方式格式错误，请输入11位手机号或固定电话号码',
    );
    expect(await firstRuleMessage(zh.contactPhone(), '021-12345678')).toBeNull();
    expect(await firstRuleMessage(zh.string(), '  ')).toBe('必填');
    expect(await firstRuleMessage(zh.date(true), null)).toBe('必填');
    expect(await firstRuleMessage(zh.date(), null)).toBeNull();
    const now = () => Date.parse('2026-11-21T10:00:00Z');
    expect(await firstRuleMessage(zh.biddingTime(now), Date.parse('2026-11-21T09:59:59Z'))).toBe(
      '输入的竞价时间不能小于当前时间',
    );
    expect(await firstRuleMessage(zh.biddingTime(now), Date.parse('2026-11-21T10:00:00Z'))).toBeNull();
  });

  it('speak English to an English user', async () => {
    expect(await firstRuleMessage(en.mobile(true), '')).toBe(
      translate(catalogue, 'en', 'validation.required'),
    );
    expect(await firstRuleMessage(en.mobile(), '123')).toBe(translate(catalogue, 'en', 'validation.mobile'));
    expect(translate(catalogue, 'en', 'validation.mobile')).not.toBe('手机号格式错误');
  });
});

describe('the error catalogue of §8', () => {
  it('has the spec texts', () => {
    const t = (key: string) => translate(catalogue, 'zh-CN', key);
    expect(t(ERROR_CATALOGUE.deleteAttachmentConfirm)).toBe('请确认是否继续删除附件信息?');
    expect(t(ERROR_CATALOGUE.attachmentDeleted)).toBe('附件删除成功，因附件ID更新，请及时保存业务单据');
    expect(t(ERROR_CATALOGUE.previewUnsupported)).toBe(
      '不支持在线浏览的文件格式，请直接下载文件使用本地工具浏览！',
    );
    expect(t(ERROR_CATALOGUE.tableWithoutApi)).toBe('请配置API属性');
    expect(t(ERROR_CATALOGUE.badTreeArguments)).toBe('解析树结构数据失败');
    expect(t(ERROR_CATALOGUE.registerCallbackMissing)).toBe('注册页面的消息处理方法，未定义回调方法');
    expect(t(ERROR_CATALOGUE.noFileId)).toBe('no file ID information to preview');
    expect(t(ERROR_CATALOGUE.linkWithoutHandler)).toBe('link method not configured');
    expect(t(ERROR_CATALOGUE.missingClickHandler)).toBe('Not declare Button click function');
    expect(t(ERROR_CATALOGUE.uploadColumnWithoutConfig)).toBe('Table column is not setting attachmentConfig');
    expect(t(ERROR_CATALOGUE.invalidCheckboxValue)).toBe('Value should be trueValue or falseValue');
    expect(t(ERROR_CATALOGUE.customPageSizeBelowZero)).toBe('自定义页码不能小于0！');
    expect(t(ERROR_CATALOGUE.exportWithoutUrl)).toBe('请求数据链接不可为空');
    expect(t(ERROR_CATALOGUE.exportWithoutColumns)).toBe('导出字段列表不可为空');
    expect(t(ERROR_CATALOGUE.messageWithoutType)).toBe('消息类型不可为空');
    expect(t(ERROR_CATALOGUE.messageBodyNotObject)).toBe('内容必须为对像数据');
    expect(t(ERROR_CATALOGUE.extensionRefused)).toContain('当前文件扩展名不能上传附件');
    for (const key of Object.values(ERROR_CATALOGUE)) expect(translate(catalogue, 'en', key)).not.toBe(key);
  });
});
