import { describe, expect, it } from 'vitest';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';
import zhTW from './locales/zh-TW';

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

/** Every leaf path (arrays by index) with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null) {
    found.set(prefix, tree);
    return found;
  }
  const entries = Array.isArray(tree)
    ? tree.map((value, index) => [String(index), value] as const)
    : Object.entries(tree);
  if (entries.length === 0) found.set(prefix, tree);
  for (const [key, value] of entries) {
    for (const [path, leaf] of leaves(value as Tree, prefix ? `${prefix}.${key}` : key))
      found.set(path, leaf);
  }
  return found;
}

const locales = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as const;
const reference = leaves(zhCN);

describe('locales', () => {
  it.each(Object.entries(locales))('%s has exactly the keys of zh-CN', (_, resource) => {
    const keys = [...leaves(resource).keys()].sort();
    expect(keys).toEqual([...reference.keys()].sort());
  });

  it.each(Object.entries(locales))('%s has no missing or empty value', (_, resource) => {
    const empty = [...leaves(resource)]
      .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Object.entries(locales))('%s keeps every {{placeholder}} of zh-CN', (_, resource) => {
    const placeholders = (value: unknown) =>
      [...String(value).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const own = leaves(resource);
    const mismatched = [...reference]
      .filter(([key, value]) => placeholders(value).join() !== placeholders(own.get(key)).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('writes the spec strings exactly in zh-CN', () => {
    expect(zhCN.sidebar.textChannels).toBe('文字频道');
    expect(zhCN.sidebar.general).toBe('常规');
    expect(zhCN.sidebar.editServerProfile).toBe('编辑服务器个人资料');
    expect(zhCN.rail.chatUnavailable).toBe('暂不开放此频道功能！');
    expect(zhCN.subscribe.title).toBe('订阅');
    expect(zhCN.http.requestFailed).toBe('请求失败，请稍后重试');
    expect(zhCN.common.copySuccess).toBe('复制成功');
    expect(zhCN.common.deleteSuccess).toBe('删除成功');
    expect(zhCN.common.deleteFailed).toBe('删除失败');
    expect(zhCN.common.quitSuccess).toBe('退出成功');
    expect(zhCN.common.quitFailed).toBe('退出失败');
    expect(zhCN.common.saveSuccess).toBe('保存成功');
    expect(zhCN.common.regenerateSuccess).toBe('重新生成成功');
    expect(zhCN.common.updateSuccess).toBe('修改成功');
    expect(zhCN.common.confirm).toBe('确定');
    expect(zhCN.common.cancel).toBe('取消');
    // The spec's 'No Data' is the English of an empty list: the Chinese interface says it in Chinese (issue #19).
    expect(zhCN.channels.empty).toBe('暂无数据');
    expect(zhCN.channels.deleteConfirm).toBe('确定删除该频道？');
    expect(zhCN.channels.quitConfirm).toBe('确定退出该频道？');
    expect(zhCN.channels.createTitle).toBe('创建频道');
    expect(zhCN.channels.editTitle).toBe('修改频道');
    expect(zhCN.channels.muteAll).toBe('全员禁言');
    expect(zhCN.channels.inviteTitle).toBe('邀请成员加入 # {{title}}');
    // 链接 (a link), not the spec's typo 连接 (a connection) (issue #19).
    expect(zhCN.channels.newLink).toBe('生成新的链接');
    expect(zhCN.login.tabPassword).toBe('密码登录');
    // The code tab is also where a newcomer signs up, and says so (issue #33).
    expect(zhCN.login.tabCode).toBe('注册 / 验证码登录');
    expect(zhCN.user.online).toBe('在线');
  });
});
