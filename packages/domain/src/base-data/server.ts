// Base data's public server part for other areas: its demo data (their tests load it).
export { baseDataSeedList as baseDataSeeds } from './base-data.seed';
