// Demo sample trials: 常州永信's carton samples for its introduction, evaluated by quality (李娜)
// and purchasing (张伟), passed and approved (its introduction's sample step shows it); and a
// request to 恒达 for samples of a new stainless self-tapping screw, waiting for its shipment
// (sign in as `sup_a` → 企业信息 → 送样申请 to record it and ship). Skipped where the demo users are
// not there (an area's own tests).
import { SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { supplierIntro } from '../supplier-intro/supplier-intro.entity';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { sampleTrial } from './sample-trial.entity';

export const sampleTrialSeed = defineSeed('supplier.sample-trials', async (context) => {
  const data = context.data();
  if ((await data.list(sampleTrial, {}, { limit: 1 })).length) return;
  const buyer = await context.findId('baseUser', { userName: 'buyer' });
  const approver = await context.findId('baseUser', { userName: 'approver' });
  const cartons = await context.findId('srmBaseCategory', { categoryCode: '0301' });
  const fasteners = await context.findId('srmBaseCategory', { categoryCode: '0203' });
  const ou100 = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const yongxin = await context.findId('srmSupplierInfo', { creditCode: '91320412MA1XK5TP2X' });
  const hengda = await context.findId('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  const carton = await context.findId('srmBaseItem', { itemCode: '03010001' });
  const ids = [buyer, approver, cartons, fasteners, ou100, yongxin, hengda];
  if (ids.some((id) => id === null)) return;
  const today = dayIn(context.runtime.clock.now(), context.runtime.timeZone);
  const evaluators = [
    { evaluatorRole: 'QUALITY' as const, evaluatorId: approver!, mandatoryFlag: 'Y' as const },
    { evaluatorRole: 'PURCHASING' as const, evaluatorId: buyer!, mandatoryFlag: 'N' as const },
  ];

  const [intro] = await data.list(
    supplierIntro,
    { supplierId: yongxin!, categoryId: cartons!, orgId: ou100!, status: 'IN_PROGRESS' },
    { limit: 1 },
  );
  if (intro) {
    const saved = await data.save(sampleTrial, {
      introId: intro.introId,
      supplierId: yongxin!,
      categoryId: cartons!,
      orgId: ou100!,
      requiredDate: addDays(today, -12),
      shipToAddress: '苏州市工业园区星湖街 328 号 来料检验室',
      requestNote: '纸箱 10 只，附边压强度及含水率检测报告',
      lines: [{ itemId: carton, itemName: '五层瓦楞纸箱', specification: '600×400×400mm', quantity: 10 }],
      results: evaluators,
    });
    await data.act(sampleTrial, 'doRequest', [saved.sampleTrialId]);
    const requested = await data.find(sampleTrial, saved.sampleTrialId);
    // The supplier's shipment, then the evaluators' verdicts, as they recorded them.
    const service = context.runtime.service(sampleTrial.name);
    await data.save(sampleTrial, {
      sampleTrialId: requested.sampleTrialId,
      versionNum: requested.versionNum,
      shipmentNote: '德邦物流发出',
      lines: requested.lines.map((line) => ({
        sampleLineId: line.sampleLineId,
        shippedQuantity: 10,
        shipDate: addDays(today, -14),
        waybillNo: 'DPK202611150088',
      })),
    });
    await service.writeSystemFields(SYSTEM_ACTOR, saved.sampleTrialId, { status: 'SHIPPED' }, 'seed');
    await data.act(sampleTrial, 'doReceive', [saved.sampleTrialId]);
    const received = await data.find(sampleTrial, saved.sampleTrialId);
    const evaluated = await data.save(sampleTrial, {
      sampleTrialId: received.sampleTrialId,
      versionNum: received.versionNum,
      resultComment: '样品边压强度、含水率均满足要求，认证通过。',
      results: received.results.map((result) => ({
        sampleResultId: result.sampleResultId,
        verdict: 'PASS',
        evaluationData:
          result.evaluatorRole === 'QUALITY'
            ? '边压强度 7.8 kN/m（要求 ≥ 7.0），含水率 10.5%'
            : '价格与交期满足要求',
        evaluateDate: addDays(today, -10),
      })),
    });
    // Submitted (every mandatory evaluator passed) and decided as the manager's approval decides.
    await data.patch(sampleTrial, evaluated.sampleTrialId, { sampleResult: 'PASS' });
    await service.writeSystemFields(SYSTEM_ACTOR, evaluated.sampleTrialId, { status: 'APPROVING' }, 'seed');
    await data.act(sampleTrial, 'doApproval', [evaluated.sampleTrialId]);
  }

  const request = await data.save(sampleTrial, {
    supplierId: hengda!,
    categoryId: fasteners!,
    orgId: ou100!,
    requiredDate: addDays(today, 10),
    shipToAddress: '苏州市工业园区星湖街 328 号 来料检验室',
    requestNote: '新型号不锈钢自攻螺钉 ST4.2×16，送样 200 只，附盐雾试验报告',
    lines: [{ itemName: '不锈钢十字盘头自攻螺钉', specification: 'ST4.2×16，SUS410', quantity: 200 }],
    results: evaluators,
  });
  await data.act(sampleTrial, 'doRequest', [request.sampleTrialId]);
});
