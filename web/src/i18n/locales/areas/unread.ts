/**
 * Strings of unread marks (sidebar badges and the page title), in zh-CN (en-US and zh-TW in their own modules). zh-CN is the
 * reference: the other two are typed against it, and locales.test.ts checks every key in every
 * locale. There is no mention count: mentions do not exist in the product.
 */
export const zhCN = {
  unread: {
    /** Read after the row's visible count: "lobby 3 条未读消息". */
    messages: '条未读消息',
    /**
     * The sidebar toggle's name while the sidebar is hidden. No brackets: axe drops a bracketed part
     * before it looks for the shown count in the name (label-content-name-mismatch).
     */
    toggle: '{{label}}，有 {{count}} 条未读消息',
    pageTitle: '({{count}}) #{{channel}} - {{app}}',
    pageTitleRead: '#{{channel}} - {{app}}',
  },
};
