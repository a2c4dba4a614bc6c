// Parameter validation shared by the built-in limiter factories. Messages name the field
// and the rule (spec: "Bad input").
import type { Params } from './types';

export type Rule = 'gt0' | 'ge0' | 'bool';
export interface ParamSpec {
  name: string;
  rule: Rule;
  required: boolean;
}

export const isNumber = (v: unknown): v is number => typeof v === 'number';

export function ruleText(rule: Rule): string {
  switch (rule) {
    case 'gt0':
      return 'must be a finite number > 0';
    case 'ge0':
      return 'must be a finite number >= 0';
    case 'bool':
      return 'must be true or false';
  }
}

export function checkValue(v: unknown, rule: Rule): boolean {
  switch (rule) {
    case 'gt0':
      return isNumber(v) && Number.isFinite(v) && v > 0;
    case 'ge0':
      return isNumber(v) && Number.isFinite(v) && v >= 0;
    case 'bool':
      return typeof v === 'boolean';
  }
}

export function validateParamSpecs(params: Params, path: string, specs: ParamSpec[]): string[] {
  const errors: string[] = [];
  const known = new Set(specs.map((s) => s.name));
  for (const s of specs) {
    const v = params[s.name];
    if (v === undefined) {
      if (s.required) errors.push(`${path}.${s.name} is required and ${ruleText(s.rule)}`);
      continue;
    }
    if (!checkValue(v, s.rule)) errors.push(`${path}.${s.name} ${ruleText(s.rule)}`);
  }
  for (const k of Object.keys(params)) {
    if (!known.has(k)) errors.push(`${path}.${k} is not a known field`);
  }
  return errors;
}

export const num = (params: Params, name: string, dflt = 0): number => {
  const v = params[name];
  return typeof v === 'number' ? v : dflt;
};
export const bool = (params: Params, name: string): boolean => params[name] === true;
