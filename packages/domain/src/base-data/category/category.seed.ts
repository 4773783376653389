// Demo purchase categories: a two-level tree.
import { defineSeed } from '@srm/platform';

/** [code, name, English name, parent code, description]. */
const CATEGORIES = [
  ['01', '电子元器件', 'Electronic components', null, '芯片、阻容感、连接器及印制电路板'],
  ['0101', '集成电路', 'Integrated circuits', '01', '微控制器、电源芯片、模拟芯片'],
  ['0102', '被动元件', 'Passive components', '01', '电阻、电容、电感'],
  ['0103', '连接器', 'Connectors', '01', '板对板、线对板及接口连接器'],
  ['0104', '印制电路板', 'Printed circuit boards', '01', 'PCB 光板及柔性板'],
  ['02', '机械加工件', 'Machined parts', null, '钣金、机加工、紧固件及铸锻件'],
  ['0201', '钣金件', 'Sheet metal parts', '02', '冲压、激光切割、折弯件'],
  ['0202', '机加工件', 'CNC machined parts', '02', '车铣加工的轴、盘、法兰类零件'],
  ['0203', '紧固件', 'Fasteners', '02', '螺钉、螺母、垫圈等标准件'],
  ['0204', '铸锻件', 'Castings and forgings', '02', '铸铁、铸铝及锻件毛坯'],
  ['03', '包装材料', 'Packaging materials', null, '外箱、托盘及缓冲材料'],
  ['0301', '纸箱', 'Cartons', '03', '瓦楞纸箱及纸板'],
  ['0302', '托盘', 'Pallets', '03', '木托盘及塑料托盘'],
  ['0303', '缓冲及捆扎材料', 'Cushioning and wrapping', '03', '珍珠棉、气泡膜、缠绕膜'],
  ['04', 'MRO 辅料', 'MRO supplies', null, '劳保用品、润滑油脂、刀具量具等间接物料'],
  ['0401', '劳保用品', 'Personal protective equipment', '04', '手套、眼镜、防护服'],
  ['0402', '润滑油脂', 'Lubricants', '04', '导轨油、液压油、润滑脂'],
  ['0403', '刀具量具', 'Cutting and measuring tools', '04', '铣刀、钻头、卡尺、千分尺'],
  ['05', '原材料', 'Raw materials', null, '钢材、铝材及工程塑料'],
  ['0501', '钢材', 'Steel', '05', '冷轧板、热轧板、圆钢'],
  ['0502', '铝材', 'Aluminium', '05', '铝棒、铝板、型材'],
  ['0503', '工程塑料', 'Engineering plastics', '05', 'ABS、PC、PA 等塑胶粒子'],
] as const;

export const categorySeed = defineSeed('base-data.categories', async (ctx) => {
  for (const [categoryCode, categoryName, categoryNameEn, parent, description] of CATEGORIES) {
    await ctx.put(
      'srmBaseCategory',
      { categoryCode },
      {
        categoryCode,
        categoryName,
        categoryNameEn,
        parentCategoryId: parent ? await ctx.idOf('srmBaseCategory', { categoryCode: parent }) : null,
        description,
      },
    );
  }
});
