import type { FastifyPluginAsync } from 'fastify';
import { adminApi as routes } from '@draw/shared/routes';
import { currentUser } from '../../http/auth';
import { serve, serveRaw } from '../../http/routes';
import type { AdminService } from './service';
import { grantsText } from '../billing/codes';

/** CSV cells: quoted when they hold a comma, quote or line break; never read as a formula. */
const csvCell = (value: unknown) => {
  const text = String(value ?? '').replace(/^[=+\-@]/, "'$&");
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * The operator's console. Every route is `Access.Admin`: admission refuses anyone but a signed-in
 * site admin before the handler runs (`requireAdmin`), so the handlers only do the work.
 */
export const adminPlugin: FastifyPluginAsync<{ admin: AdminService }> = async (app, { admin }) => {
  serve(app, routes.overview, (request) => admin.overview(request.query.days));

  serve(app, routes.users, ({ query }) => admin.searchUsers(query.q, query.cursor, query.limit));
  serve(app, routes.user, ({ params }) => admin.userDetail(params.id));
  serve(app, routes.adjustCredits, (request) =>
    admin.adjustCredits(currentUser(request), request.params.id, request.body.delta, request.body.reason),
  );
  serve(app, routes.disableUser, (request) =>
    admin.disable(currentUser(request), request.params.id, request.body.reason),
  );
  serve(app, routes.enableUser, (request) => admin.enable(currentUser(request), request.params.id));
  serve(app, routes.setAdmin, (request) =>
    admin.setAdmin(currentUser(request), request.params.id, request.body.isAdmin),
  );
  serve(app, routes.signOutUser, (request) => admin.signOut(currentUser(request), request.params.id));
  serve(app, routes.liftPause, (request) => admin.liftPause(currentUser(request), request.params.id));

  serve(app, routes.orders, ({ query: { cursor, limit, ...filter } }) => admin.orders(filter, cursor, limit));
  serve(app, routes.products, () => admin.products());
  serve(app, routes.createProduct, (request) => admin.createProduct(currentUser(request), request.body));
  serve(app, routes.updateProduct, (request) =>
    admin.updateProduct(currentUser(request), request.params.id, request.body),
  );
  serve(app, routes.retireProduct, (request) =>
    admin.updateProduct(currentUser(request), request.params.id, { enabled: false }),
  );
  serve(app, routes.prices, () => admin.prices());
  serve(app, routes.setPrice, (request) => admin.setPrice(currentUser(request), request.body));
  serve(app, routes.codes, ({ query }) => admin.codes(query.batchId, query.cursor, query.limit));
  serve(app, routes.mintCodes, (request) => admin.mintCodes(currentUser(request), request.body));
  serveRaw(app, routes.exportCodes, async (request, reply) => {
    const codes = (await admin.codes(request.query.batchId, undefined, Number.MAX_SAFE_INTEGER)).items;
    const header = ['code', 'grants', 'uses', 'max uses', 'expires', 'state', 'note'];
    const rows = codes.map((code) =>
      [
        code.code,
        grantsText(code.grants),
        code.uses,
        code.maxUses,
        code.expiresAt ? new Date(code.expiresAt).toISOString() : '',
        code.state,
        code.note,
      ]
        .map(csvCell)
        .join(','),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="codes-${request.query.batchId}.csv"`)
      .send(`\uFEFF${[header.join(','), ...rows].join('\r\n')}\r\n`);
  });
  serve(app, routes.revokeCodes, (request) => admin.revokeCodes(currentUser(request), request.body));

  serve(app, routes.channels, ({ query }) => admin.channels(query.q, query.cursor, query.limit));
  serve(app, routes.channel, ({ params }) => admin.channel(params.id));
  serve(app, routes.deleteChannel, (request) => admin.deleteChannel(currentUser(request), request.params.id));
  serve(app, routes.tasks, ({ query: { cursor, limit, ...filter } }) => admin.tasks(filter, cursor, limit));
  serve(app, routes.cancelTask, (request) => admin.cancelTask(currentUser(request), request.params.id));
  serve(app, routes.hideImage, (request) =>
    admin.hideImage(currentUser(request), request.params.id, request.body.hidden),
  );
  serve(app, routes.engines, () => admin.engines());

  serve(app, routes.company, () => admin.company());
  serve(app, routes.updateCompany, (request) => admin.updateCompany(currentUser(request), request.body));
  serve(app, routes.announcement, () => admin.announcement());
  serve(app, routes.setAnnouncement, (request) =>
    admin.setAnnouncement(currentUser(request), request.body.text),
  );
  serve(app, routes.settings, () => admin.settings());
  serve(app, routes.updateSettings, (request) => admin.updateSettings(currentUser(request), request.body));

  serve(app, routes.bannedWords, () => admin.bannedWords());
  serve(app, routes.addBannedWord, (request) => admin.addBannedWord(currentUser(request), request.body.word));
  serve(app, routes.removeBannedWord, (request) =>
    admin.removeBannedWord(currentUser(request), request.params.id),
  );
  serve(app, routes.hits, ({ query }) => admin.hits(query.userId, query.cursor, query.limit));
  serve(app, routes.reports, ({ query }) => admin.reports(query.status, query.cursor, query.limit));
  serve(app, routes.resolveReport, (request) =>
    admin.resolveReport(currentUser(request), request.params.id, request.body.decision),
  );
  serve(app, routes.audit, ({ query: { cursor, limit, ...filter } }) => admin.audit(filter, cursor, limit));
};
