import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createEngine } from '../create';

const env = (extra: Record<string, string>) => ({
  IMAGE_ENGINE: 'comfyui',
  COMFYUI_URL: 'http://gpu-box:8188',
  COMFYUI_CHECKPOINT: 'sd_xl_base_1.0.safetensors',
  ...extra,
});

describe('IMAGE_ENGINE=comfyui configuration', () => {
  it('starts with a URL and a checkpoint, and makes the ComfyUI engine', () => {
    const config = loadConfig(env({}));
    expect(createEngine(config)).toMatchObject({ name: 'comfyui', displayName: 'ComfyUI' });
  });

  it('stops the start naming a missing or wrong value', () => {
    expect(() => loadConfig(env({ COMFYUI_URL: '' }))).toThrow(
      /COMFYUI_URL is required when IMAGE_ENGINE=comfyui/,
    );
    expect(() => loadConfig(env({ COMFYUI_URL: 'gpu-box:8188' }))).toThrow(
      /COMFYUI_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig(env({ COMFYUI_CHECKPOINT: ' ' }))).toThrow(/COMFYUI_CHECKPOINT is required/);
    expect(() => loadConfig(env({ COMFYUI_WORKFLOWS_DIR: '/no/such/folder' }))).toThrow(
      /COMFYUI_WORKFLOWS_DIR is not a folder/,
    );
  });

  it('a replaced workflow in the UI format (not "Export (API)") stops the start naming its file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comfy-workflows-'));
    try {
      fs.writeFileSync(path.join(dir, 'upscale.json'), JSON.stringify({ nodes: [], links: [] }));
      const config = loadConfig(env({ COMFYUI_WORKFLOWS_DIR: dir }));
      expect(() => createEngine(config)).toThrow(ConfigError);
      expect(() => createEngine(config)).toThrow(
        /COMFYUI_WORKFLOWS_DIR\/upscale\.json is not an API-format workflow/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
