/**
 * Why a task failed, worded from its code (`Task.properties.failure`, the closed set of
 * `@draw/shared`'s `TaskFailureCode`), and what its owner can do next, in zh-CN (en-US and zh-TW in their own modules). zh-CN is
 * the reference: the other two are typed against it, and locales.test.ts checks every key.
 */
export const zhCN = {
  failure: {
    retry: '重试',
    edit: '修改提示词',
    retryHint: '用相同的提示词和图片重新提交（会再次消耗积分）',
    editHint: '把这条提示词放回输入框，修改后再发送',
    actions: '失败任务的操作',
    reason: {
      emptyPrompt: '提示词为空：请描述要画的内容。积分已退还。',
      nothingToShorten: '无法精简：提示词中没有描述性的词语。积分已退还。',
      emptyMask: '蒙版中没有选中任何区域：请用白色涂抹要修改的区域。积分已退还。',
      blendCount: '混合需要 {{min}} 到 {{max}} 张图片，实际为 {{given}} 张。积分已退还。',
      zoomRange: '缩放倍数必须在 1 到 2 之间（当前为 {{factor}}）。积分已退还。',
      animateNeedsUpscale: '只能为放大后的单张图片制作动画。积分已退还。',
      extendNeedsClip: '只能延长已完成的视频。积分已退还。',
      clipTooLarge: '生成的视频过大，无法保存。积分已退还。',
      unreadableInput: '无法读取输入的图片（{{detail}}）。积分已退还。',
      inputMissing: '此任务所用的图片已不存在。积分已退还。',
      remixOffUpstream:
        'Midjourney 账号未开启 Remix 模式，无法使用你修改的提示词：请在 Midjourney 中开启 Remix，或在这里关闭 Remix。积分已退还。',
      timedOut: '任务超时：未在 {{minutes}} 分钟内完成。积分已退还。',
      notSaved: '任务未能保存，不会执行；积分已退还。',
      engineError: '引擎未能画出这张图。积分已退还。',
      upstream: {
        down: 'Midjourney 服务暂时无法连接（{{detail}}），请稍后再试；积分已退还。',
        lost: '绘图过程中与 Midjourney 服务失去联系（{{detail}}），积分已退还。',
        unauthorized: 'Midjourney 服务拒绝了本站的密钥，请联系站点管理员；积分已退还。',
        queueFull: 'Midjourney 队列已满，请几分钟后再试；积分已退还。',
        banned: 'Midjourney 拒绝了该提示词：“{{word}}”是违禁词。积分已退还。',
        bannedPrompt: 'Midjourney 服务拒绝了该提示词：可能包含违禁词。积分已退还。',
        noAccount:
          'Midjourney 服务暂时没有可用的账号（{{detail}}），请稍后再试或换一种速度模式；积分已退还。',
        limitReached: '本站在 Midjourney 服务的绘图次数已达上限（{{detail}}），请稍后再试；积分已退还。',
        tempBanned: 'Midjourney 服务暂时封锁了本站（违禁词过多），请稍后再试；积分已退还。',
        refused: 'Midjourney 服务拒绝了该请求：{{detail}}。积分已退还。',
        remixUnsupported:
          'Midjourney 账号未开启 Remix 模式，无法按你的 Remix 设置修改提示词；请关闭 Remix 设置后再试。积分已退还。',
        notOffered: '当前的 Midjourney 服务不提供 {{feature}}。',
        cancelRefused:
          '已在本站取消并退还积分，但 Midjourney 服务拒绝停止该任务（{{detail}}；取消需要管理员令牌），它仍会占用账号额度。',
        invalid: 'Midjourney 拒绝了该请求：{{detail}}。积分已退还。',
        notFound: 'Midjourney 找不到该任务引用的内容（{{detail}}），积分已退还。',
        system: 'Midjourney 服务出错：{{detail}}。积分已退还。',
        failed: 'Midjourney 未能完成绘图：{{reason}}。积分已退还。',
        cancelled: '任务已在 Midjourney 端被取消（{{reason}}），积分已退还。',
        forgotten: 'Midjourney 服务已不认识该任务（可能已重启），积分已退还。',
        imageCopy: '无法从 Midjourney 取回图片（{{detail}}），积分已退还。',
        noImage: 'Midjourney 报告任务完成，但没有返回图片。积分已退还。',
        notFromUpstream: '这张图不是由 Midjourney 画的，无法在 Midjourney 上使用它的按钮。积分已退还。',
        badAnswer: 'Midjourney 服务返回了无法识别的应答（{{detail}}），积分已退还。',
      },
      engine: {
        unavailable: '绘图引擎暂时不可用（{{detail}}），请稍后再试；积分已退还。',
        unauthorized: '绘图引擎拒绝了本站的密钥，请联系站点管理员；积分已退还。',
        quota: '本站在绘图引擎的额度已用完，请联系站点管理员；积分已退还。',
        rateLimited: '绘图引擎当前请求过多，重试后仍被限流，请稍后再试；积分已退还。',
        refusedBySafety: '绘图引擎的安全系统拒绝了该提示词或图片，请修改后再试；积分已退还。',
        refused: '绘图引擎拒绝了该请求：{{detail}}。积分已退还。',
        badAnswer: '绘图引擎返回了无法使用的应答（{{detail}}），积分已退还。',
        notOffered: '当前的绘图引擎不提供 {{feature}}。',
      },
      comfyui: {
        down: 'ComfyUI 绘图服务暂时无法连接（{{detail}}），请稍后再试；积分已退还。',
        lost: '绘图过程中与 ComfyUI 失去联系（{{detail}}），积分已退还。',
        unauthorized: 'ComfyUI 拒绝了本站的登录凭据，请联系站点管理员；积分已退还。',
        badWorkflow: 'ComfyUI 拒绝了工作流（{{detail}}）：缺少模型或节点，请联系站点管理员；积分已退还。',
        outOfMemory: 'ComfyUI 显存不足，未能画完这张图；请稍后再试或换一个较小的尺寸。积分已退还。',
        failed: 'ComfyUI 在节点 {{node}} 出错：{{detail}}。积分已退还。',
        interrupted: '任务在 ComfyUI 端被中断，积分已退还。',
        forgotten: 'ComfyUI 已不认识该任务（可能已重启），积分已退还。',
        noImage: 'ComfyUI 报告任务完成，但没有保存图片。积分已退还。',
        imageCopy: '无法从 ComfyUI 取回图片（{{detail}}），积分已退还。',
      },
    },
  },
};
