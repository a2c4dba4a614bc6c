// The lab's Redis model: dispatch (model.ts), the keyspace, the one command table and its
// families (table.ts, commands/*.ts), the reply type, helpers the Lua runtime and the UI
// share, and the scripting boundary.
export { RedisModel, Session, DEFAULT_START_TIME, ERRORS, MAX_CLOCK_SECONDS } from './model';
export type { KeySnapshot, RedisModelOptions, RedisType } from './model';
export type { ScriptEngine, ScriptHost, LuaEngineModule } from './scripting';
export { COMMAND_ROWS, commandDoc, commandKeys, isReadCommand, isWriteCommand } from './table';
export type { CommandRow, CommandFlag, KeySpec } from './table';
export * from './reply';
export { formatScore, formatG, parseInt64, parseDouble } from './numfmt';
export { keySlot, crc16, SLOTS } from './slot';
export { sha1Hex, sha1Bytes } from './sha1';
export { globMatch } from './glob';
