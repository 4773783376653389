// Demo sources, agreements and plans for both demo suppliers (恒达五金: fasteners; 瑞丰电子:
// electronics), written once through the data API and the documents' workflow actions, object by
// object: the approved supplier list, agreements, forecasts, delivery plans.
import { type Seed, defineSeed } from '@srm/platform';
import { DEMO_SUPPLIERS } from '../demo';
import { agreementDemo } from './agreement/agreement.seed';
import { aslApplyDemo } from './asl-apply/asl-apply.seed';
import { deliveryPlanDemo } from './delivery-plan/delivery-plan.seed';
import { forecast } from './forecast/forecast.entity';
import { forecastDemo } from './forecast/forecast.seed';
import { type AgreementsDemo, seedData } from './support';

const demoDocuments = defineSeed('agreements.demo-documents', async (context) => {
  if ((await seedData(context).list(forecast, {}, { limit: 1 })).length) return;
  const suppliers: number[] = [];
  for (const demo of DEMO_SUPPLIERS) {
    const id = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (id === null) return;
    suppliers.push(id);
  }
  const [hengda = 0, ruifeng = 0] = suppliers;
  const item = (itemCode: string) => context.idOf('srmBaseItem', { itemCode });
  const demo: AgreementsDemo = {
    hengda,
    ruifeng,
    ou100: await context.idOf('srmBaseOrg', { orgCode: 'OU100' }),
    p110: await context.idOf('srmBaseOrg', { orgCode: 'P110' }),
    cny: await context.idOf('srmBaseCurrency', { currencyCode: 'CNY' }),
    items: {
      screw: await item('02030001'),
      nut: await item('02030002'),
      washer: await item('02030003'),
      mcu: await item('01010001'),
      resistor: await item('01020001'),
    },
  };
  await aslApplyDemo(context, demo);
  await agreementDemo(context, demo);
  await forecastDemo(context, demo);
  await deliveryPlanDemo(context, demo);
});

export const agreementsSeeds: Seed[] = [demoDocuments];
