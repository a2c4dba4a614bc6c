// The production records a run carries are the engine's (lab/engine/productionData.ts);
// readers of runs may import them from here too.
export {
  NGINX_STATUS_CODES,
  statusOf,
  type FailoverRecord,
  type ProductionData,
} from '../lab/engine/productionData';
