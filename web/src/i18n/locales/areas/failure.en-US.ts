import type { zhCN } from './failure';

/** en-US strings of this area; typed against zh-CN (./failure.ts), in their own module so only the active language is bundled. */
export const enUS: typeof zhCN = {
  failure: {
    retry: 'Retry',
    edit: 'Edit prompt',
    retryHint: 'Submit it again with the same prompt and images (costs credits again)',
    editHint: 'Put this prompt back in the message box to change it before sending',
    actions: 'Failed job actions',
    reason: {
      emptyPrompt: 'The prompt is empty: describe what to draw. Your credits were refunded.',
      nothingToShorten:
        'Nothing to shorten: the prompt has no descriptive words. Your credits were refunded.',
      emptyMask: 'The mask selects nothing: paint the area to change in white. Your credits were refunded.',
      blendCount: 'Blend takes {{min}} to {{max}} images; {{given}} given. Your credits were refunded.',
      zoomRange: 'Zoom must be between 1 and 2 (got {{factor}}). Your credits were refunded.',
      animateNeedsUpscale: 'Animate works on an upscaled image. Your credits were refunded.',
      extendNeedsClip: 'Extend works on a finished clip. Your credits were refunded.',
      clipTooLarge: 'The clip came out too large to keep. Your credits were refunded.',
      unreadableInput: 'An input image could not be read ({{detail}}). Your credits were refunded.',
      inputMissing: 'An image this task starts from is no longer available. Your credits were refunded.',
      remixOffUpstream:
        'The Midjourney account is not in Remix mode, so your new prompt could not be used: turn Remix on there, or turn it off here. Your credits were refunded.',
      timedOut: 'Timed out: the task did not finish within {{minutes}} minutes. Your credits were refunded.',
      notSaved: 'The task could not be saved, so it will not run. Your credits were refunded.',
      engineError: 'The engine could not draw this image. Your credits were refunded.',
      upstream: {
        down: 'The Midjourney service cannot be reached ({{detail}}). Try again later; your credits were refunded.',
        lost: 'Lost contact with the Midjourney service while drawing ({{detail}}). Your credits were refunded.',
        unauthorized:
          "The Midjourney service refused this site's secret. Please tell the site admin; your credits were refunded.",
        queueFull: 'The Midjourney queue is full. Try again in a few minutes; your credits were refunded.',
        banned: 'Midjourney refused the prompt: "{{word}}" is not allowed. Your credits were refunded.',
        bannedPrompt:
          'The Midjourney service refused the prompt: it may contain a banned word. Your credits were refunded.',
        noAccount:
          'The Midjourney service has no account free for this right now ({{detail}}). Try again later or with another speed; your credits were refunded.',
        limitReached:
          'This site has reached its drawing limit at the Midjourney service ({{detail}}). Try again later; your credits were refunded.',
        tempBanned:
          'The Midjourney service has blocked this site for a while (too many banned prompts). Try again later; your credits were refunded.',
        refused: 'The Midjourney service refused this: {{detail}}. Your credits were refunded.',
        remixUnsupported:
          'The Midjourney account does not have Remix on, so your Remix setting cannot be honoured. Turn Remix off in your settings and try again; your credits were refunded.',
        notOffered: 'This Midjourney service does not offer {{feature}}.',
        cancelRefused:
          "Cancelled here and refunded, but the Midjourney service refused to stop the job ({{detail}}; cancelling needs its admin token), so it still uses the account's quota.",
        invalid: 'Midjourney refused the request: {{detail}}. Your credits were refunded.',
        notFound:
          'Midjourney no longer has what this task refers to ({{detail}}). Your credits were refunded.',
        system: 'The Midjourney service failed: {{detail}}. Your credits were refunded.',
        failed: 'Midjourney could not draw this: {{reason}}. Your credits were refunded.',
        cancelled: 'The task was cancelled at Midjourney ({{reason}}). Your credits were refunded.',
        forgotten:
          'The Midjourney service no longer knows this task (it was probably restarted). Your credits were refunded.',
        imageCopy: 'The image could not be copied from Midjourney ({{detail}}). Your credits were refunded.',
        noImage: 'Midjourney reported the task finished but sent no image. Your credits were refunded.',
        notFromUpstream:
          'This image was not drawn by Midjourney, so its buttons cannot be used there. Your credits were refunded.',
        badAnswer:
          'The Midjourney service gave an answer we cannot read ({{detail}}). Your credits were refunded.',
      },
      engine: {
        unavailable:
          'The drawing engine is unavailable right now ({{detail}}). Try again later; your credits were refunded.',
        unauthorized:
          "The drawing engine refused this site's key. Please tell the site admin; your credits were refunded.",
        quota:
          "This site's account at the drawing engine has no quota left. Please tell the site admin; your credits were refunded.",
        rateLimited:
          'The drawing engine is taking too many requests and still said no after waiting. Try again later; your credits were refunded.',
        refusedBySafety:
          "The drawing engine's safety system refused the prompt or an image. Change it and try again; your credits were refunded.",
        refused: 'The drawing engine refused this: {{detail}}. Your credits were refunded.',
        badAnswer:
          'The drawing engine gave an answer we cannot use ({{detail}}). Your credits were refunded.',
        notOffered: 'This drawing engine does not offer {{feature}}.',
      },
      comfyui: {
        down: 'The ComfyUI drawing service cannot be reached ({{detail}}). Try again later; your credits were refunded.',
        lost: 'Lost contact with ComfyUI while drawing ({{detail}}). Your credits were refunded.',
        unauthorized:
          "ComfyUI refused this site's credentials. Please tell the site admin; your credits were refunded.",
        badWorkflow:
          'ComfyUI refused the workflow ({{detail}}): a model or node is missing. Please tell the site admin; your credits were refunded.',
        outOfMemory:
          'ComfyUI ran out of GPU memory drawing this. Try again later or with a smaller size; your credits were refunded.',
        failed: 'ComfyUI failed at node {{node}}: {{detail}}. Your credits were refunded.',
        interrupted: 'The task was interrupted at ComfyUI. Your credits were refunded.',
        forgotten:
          'ComfyUI no longer knows this task (it was probably restarted). Your credits were refunded.',
        noImage: 'ComfyUI reported the task finished but saved no image. Your credits were refunded.',
        imageCopy: 'The image could not be copied from ComfyUI ({{detail}}). Your credits were refunded.',
      },
    },
  },
};
