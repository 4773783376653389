// Demo forecasts for plant P110: 恒达's published, 瑞丰's answered (less MCU than forecast) and
// accepted, and a draft for next quarter.
import type { SeedContext } from '@srm/platform';
import { type AgreementsDemo, day, demoActions, seedData, supplierActor } from '../support';
import { forecast } from './forecast.entity';

export async function forecastDemo(context: SeedContext, demo: AgreementsDemo): Promise<void> {
  const { hengda, ruifeng, p110, items } = demo;
  const { screw, nut, washer, mcu, resistor } = items;
  const data = seedData(context);
  const save = async (
    supplierId: number,
    name: string,
    rows: [number, number, number][],
    actions: 'doPublish'[],
  ) => {
    const saved = await data.save(forecast, {
      forecastName: name,
      supplierId,
      orgId: p110,
      periodFrom: day(1),
      periodTo: day(120),
      buyerName: '张伟',
      lines: rows.map(([itemId, days, forecastQuantity]) => ({
        itemId,
        demandDate: day(days),
        forecastQuantity,
      })),
    });
    await demoActions(context, forecast, saved.forecastId, actions);
    return saved;
  };
  await save(
    hengda,
    '吴中工厂紧固件滚动预测（未来四个月）',
    [
      [screw, 10, 40000],
      [screw, 40, 45000],
      [nut, 10, 30000],
      [washer, 40, 30000],
    ],
    ['doPublish'],
  );
  const answered = await save(
    ruifeng,
    '吴中工厂电子料滚动预测',
    [
      [mcu, 15, 2000],
      [resistor, 15, 200000],
    ],
    ['doPublish'],
  );
  const found = await data.find(forecast, answered.forecastId);
  await seedData(context, supplierActor(ruifeng)).save(forecast, {
    forecastId: found.forecastId,
    versionNum: found.versionNum,
    supplierComment: 'MCU 交期较长，建议提前下单',
    lines: found.lines.map((line) => ({
      forecastLineId: line.forecastLineId,
      committedQuantity: line.itemId === mcu ? 1500 : line.forecastQuantity,
      ...(line.itemId === mcu ? { supplierRemark: '芯片配额受限' } : {}),
    })),
  });
  await demoActions(context, forecast, answered.forecastId, ['doApproval']);
  await save(hengda, '下季度紧固件预测（草稿）', [[screw, 100, 60000]], []);
}
