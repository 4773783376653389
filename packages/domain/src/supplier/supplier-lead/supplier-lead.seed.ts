// Demo supplier leads: two being followed up (one found at a trade fair, with its credit code and
// the categories it could supply; one from market research, code not yet known) and one closed.
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';

interface DemoLead {
  readonly companyName: string;
  readonly creditCode?: string;
  readonly leadSource: string;
  readonly address: string;
  readonly contactName: string;
  readonly contactMobile: string;
  readonly contactEmail?: string;
  readonly businessScope: string;
  readonly categories: readonly string[];
  /** Closed with this comment. */
  readonly closed?: string;
}

const LEADS: readonly DemoLead[] = [
  {
    companyName: '昆山精诚钣金科技有限公司',
    creditCode: '91320583MA1WQ8TK5W',
    leadSource: 'EXHIBITION',
    address: '江苏省昆山市开发区前进东路 168 号',
    contactName: '陆志强',
    contactMobile: '13962610035',
    contactEmail: 'luzq@jingcheng-sm.example.cn',
    businessScope: '精密钣金、激光切割、折弯焊接，年产能 30 万件',
    categories: ['0201', '0202'],
  },
  {
    companyName: '东莞市联拓电子有限公司',
    leadSource: 'MARKET_RESEARCH',
    address: '广东省东莞市长安镇振安中路 52 号',
    contactName: '黄伟',
    contactMobile: '13712860021',
    businessScope: '线束、连接器组装',
    categories: ['0103'],
  },
  {
    companyName: '宁波海曙恒通包装有限公司',
    creditCode: '91330281MA2CL6PF3Q',
    leadSource: 'REFERRAL',
    address: '浙江省宁波市海曙区望春工业园 9 号',
    contactName: '王丽',
    contactMobile: '13805740012',
    businessScope: '瓦楞纸箱、珍珠棉内衬',
    categories: ['0301', '0303'],
    closed: '产能不足，暂不引入',
  },
];

export const supplierLeadSeed = defineSeed('supplier.leads', async (context) => {
  const service = context.runtime.service('srmSupplierLead');
  for (const { categories, closed, ...lead } of LEADS) {
    const lines = [];
    for (const categoryCode of categories) {
      const categoryId = await context.findId('srmBaseCategory', { categoryCode });
      if (categoryId) lines.push({ categoryId });
    }
    const id = await context.put(
      'srmSupplierLead',
      { companyName: lead.companyName },
      { ...lead, categories: lines },
      { categories: ['categoryId'] },
    );
    const current = await service.find(SYSTEM_ACTOR, id);
    if (closed && current.status === 'NEW')
      await service.act(SYSTEM_ACTOR, 'doClose', [id], { comment: closed }, { fromHttp: false });
  }
});
