// Screens of introduce scenes (web): the list and the form with the steps a scene requires.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const scene = () => import('./intro-scene.entity').then((m) => m.introScene);

export const introSceneScreens: ScreenEntry[] = entityScreens('supplier', 'srmSupplierIntroScene', scene, {
  list: 'introSceneList',
  edit: 'introSceneEdit',
});
