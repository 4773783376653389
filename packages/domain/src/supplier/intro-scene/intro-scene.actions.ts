// Introduce scenes on the server: every save counts the version on, so an introduction records
// which version's steps it copied.
import { defineActions } from '@srm/platform';
import { introScene } from './intro-scene.entity';

export const introSceneActions = defineActions(introScene, {
  beforeSave(ctx) {
    ctx.row.sceneVersion = (ctx.previous?.sceneVersion ?? 0) + 1;
    return null;
  },
});
