import fs from 'node:fs';
import path from 'node:path';
import imagine from './workflows/imagine.json' with { type: 'json' };
import outpaint from './workflows/outpaint.json' with { type: 'json' };
import region from './workflows/region.json' with { type: 'json' };
import upscale from './workflows/upscale.json' with { type: 'json' };
import variation from './workflows/variation.json' with { type: 'json' };
import type { Workflow } from './protocol';

/**
 * The API-format workflows each action posts (core nodes only, so a stock ComfyUI with one
 * checkpoint runs them). They are bundled with the server (imported, not read from a path); an
 * operator replaces any of them with a file of the same name in `COMFYUI_WORKFLOWS_DIR`.
 *
 * A template names what the job fills in as `"{{name}}"`: a string that is only a placeholder
 * becomes the value itself (a number stays a number), one inside a longer string is spliced in.
 */
export const WORKFLOW_NAMES = ['imagine', 'upscale', 'variation', 'outpaint', 'region'] as const;
export type WorkflowName = (typeof WORKFLOW_NAMES)[number];

const SHIPPED: Record<WorkflowName, unknown> = { imagine, upscale, variation, outpaint, region };

/** The values a job fills in. */
export type WorkflowValues = Record<string, string | number>;

export class WorkflowError extends Error {
  override name = 'WorkflowError';
}

/** A workflow in the API format (what "Export (API)" saves), not the UI format with `nodes`/`links`. */
function checkWorkflow(value: unknown, where: string): Workflow {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || 'nodes' in value) {
    throw new WorkflowError(`${where} is not an API-format workflow (export it with "Export (API)")`);
  }
  for (const [id, node] of Object.entries(value)) {
    const ok =
      typeof node === 'object' &&
      node !== null &&
      typeof (node as { class_type?: unknown }).class_type === 'string' &&
      typeof (node as { inputs?: unknown }).inputs === 'object';
    if (!ok) throw new WorkflowError(`${where}: node "${id}" has no class_type or inputs`);
  }
  return value as Workflow;
}

/** The shipped templates, each replaced by `<dir>/<name>.json` when that file exists. */
export function loadWorkflows(dir: string): Record<WorkflowName, Workflow> {
  const entries = WORKFLOW_NAMES.map((name) => {
    const file = dir ? path.join(dir, `${name}.json`) : '';
    if (!file || !fs.existsSync(file))
      return [name, checkWorkflow(SHIPPED[name], `the shipped ${name}.json`)] as const;
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new WorkflowError(
        `COMFYUI_WORKFLOWS_DIR/${name}.json is not valid JSON (${error instanceof Error ? error.message : 'unreadable'})`,
      );
    }
    return [name, checkWorkflow(parsed, `COMFYUI_WORKFLOWS_DIR/${name}.json`)] as const;
  });
  return Object.fromEntries(entries) as Record<WorkflowName, Workflow>;
}

const WHOLE = /^\{\{(\w+)\}\}$/;
const INSIDE = /\{\{(\w+)\}\}/g;

/** A copy of the template with every placeholder filled; one without a value is the template's error. */
export function fillWorkflow(template: Workflow, values: WorkflowValues, name: string): Workflow {
  const valueOf = (key: string) => {
    if (!(key in values))
      throw new WorkflowError(
        `${name}.json asks for {{${key}}}, which this action does not fill (it fills ${Object.keys(values).join(', ')})`,
      );
    return values[key]!;
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE.exec(value);
      if (whole) return valueOf(whole[1]!);
      return value.replace(INSIDE, (_match, key: string) => String(valueOf(key)));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(template) as Workflow;
}
