// Demo articles, so that the login page and both homes show some on first start: a pinned help
// article for suppliers on the login page and the supplier home, a news item on both homes, an
// answer to the most asked sign-in question everywhere, and a policy article still in draft for
// the administrator's list.
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import type { ArticlePlacement } from './article.entity';
import { article } from './article.entity';

interface DemoArticle {
  title: string;
  titleEn: string;
  category: 'HELP' | 'NEWS' | 'POLICY' | 'FAQ';
  placements: ArticlePlacement[];
  pinnedFlag?: 'Y';
  sortOrder?: number;
  content: string;
  contentEn: string;
  publish: boolean;
}

const ARTICLES: readonly DemoArticle[] = [
  {
    title: '供应商注册与登录指南',
    titleEn: 'Supplier registration and sign-in guide',
    category: 'HELP',
    placements: ['LOGIN', 'SUPPLIER_HOME'],
    pinnedFlag: 'Y',
    content:
      '<h3>一、注册</h3><p>在登录页点击<strong>供应商注册</strong>，填写企业名称、统一社会信用代码和联系人信息，' +
      '通过邮箱验证后补充企业资料并提交。采购方审核通过后，系统会将登录账号和初始密码发送到联系人邮箱。</p>' +
      '<h3>二、首次登录</h3><ol><li>使用邮件中的账号和初始密码登录；</li><li>按提示修改密码（8 至 64 位，须含大写字母、小写字母、数字和符号）；</li>' +
      '<li>在“企业信息”中核对开户行、资质证书等信息。</li></ol>' +
      '<h3>三、遇到问题</h3><p>请联系对应采购员，或发邮件至 <a href="mailto:srm-support@demo.srm.example.cn">srm-support@demo.srm.example.cn</a>。</p>',
    contentEn:
      '<h3>1. Registering</h3><p>On the sign-in page choose <strong>Supplier registration</strong>, enter the company name, its unified ' +
      'social credit code and a contact, confirm the e-mail address, complete the company profile and submit it. Once the ' +
      'buyer approves it, the sign-in name and an initial password are mailed to the contact.</p>' +
      '<h3>2. Signing in the first time</h3><ol><li>Sign in with the name and password from the e-mail;</li>' +
      '<li>change the password when asked (8 to 64 characters with upper- and lower-case letters, digits and symbols);</li>' +
      '<li>check the bank account and certificates under Company information.</li></ol>' +
      '<h3>3. Help</h3><p>Ask your buyer, or write to <a href="mailto:srm-support@demo.srm.example.cn">srm-support@demo.srm.example.cn</a>.</p>',
    publish: true,
  },
  {
    title: '2027年度供应商大会将于3月18日在苏州召开',
    titleEn: 'The 2027 supplier conference takes place in Suzhou on 18 March',
    category: 'NEWS',
    placements: ['INTERNAL_HOME', 'SUPPLIER_HOME'],
    content:
      '<p>华东精密制造集团 2027 年度供应商大会定于 <strong>3 月 18 日</strong>在苏州工业园区举行，' +
      '会议将发布年度采购策略、质量目标和优秀供应商评选结果。</p>' +
      '<p>请受邀供应商于 3 月 4 日前通过各自采购员确认参会人员（每家不超过 2 人）。</p>',
    contentEn:
      '<p>The 2027 supplier conference of East China Precision Manufacturing Group takes place in Suzhou Industrial Park ' +
      "on <strong>18 March</strong>. We will present this year's purchasing strategy and quality targets and the awards " +
      'to our best suppliers.</p><p>Invited suppliers please confirm their participants (two at most) to their buyer by 4 March.</p>',
    publish: true,
  },
  {
    title: '忘记密码或账号被锁定怎么办？',
    titleEn: 'Forgot your password, or locked out?',
    category: 'FAQ',
    placements: ['LOGIN', 'INTERNAL_HOME', 'SUPPLIER_HOME'],
    sortOrder: 10,
    content:
      '<p>在登录页点击<strong>忘记密码？</strong>，通过邮箱或手机短信接收验证码后设置新密码。</p>' +
      '<p>连续输错密码 10 次后账号会被锁定 30 分钟，到时自动解锁；如需立即解锁，请联系系统管理员。</p>',
    contentEn:
      '<p>On the sign-in page choose <strong>Forgot your password?</strong>, have a code sent by e-mail or text ' +
      'message and set a new password with it.</p><p>Ten wrong passwords in a row lock the account for 30 minutes; it ' +
      'unlocks by itself, or ask your system administrator to unlock it at once.</p>',
    publish: true,
  },
  {
    title: '2027年付款政策调整说明',
    titleEn: 'Payment policy changes for 2027',
    category: 'POLICY',
    placements: ['INTERNAL_HOME'],
    content:
      '<p>自 2027 年 1 月 1 日起，月结供应商的付款周期统一调整为票到 60 天。具体安排待财务部确认后发布。</p>',
    contentEn:
      '<p>From 1 January 2027 suppliers on monthly terms are paid 60 days after the invoice. Details follow once finance confirms them.</p>',
    publish: false,
  },
];

export const articleSeed = defineSeed('admin.articles', async (context) => {
  const admin = await context.findId('baseUser', { userName: 'admin' });
  const data = context.data({ ...SYSTEM_ACTOR, userId: admin, userName: 'admin' });
  for (const { publish, ...demo } of ARTICLES) {
    if (await context.findId(article.name, { title: demo.title })) continue;
    const saved = await data.save(article, { ...demo, authorName: '信息管理部' });
    if (publish) await data.act(article, 'doPublish', [saved.articleId]);
  }
});
