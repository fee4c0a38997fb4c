import { routePaths } from './paths';
import { Access, route } from './route';
import { AnnouncementSchema } from './admin';
import { CompanyInfoWithEngineSchema } from './schemas';

export const companyRoutes = {
  info: route({
    ...routePaths.company.info,
    access: Access.Anyone,
    tag: 'home',
    summary: 'Company name, description, keywords, feature flags and what the drawing engine offers',
    answer: CompanyInfoWithEngineSchema,
  }),
  announcement: route({
    ...routePaths.company.announcement,
    access: Access.Anyone,
    tag: 'home',
    summary: 'The banner the site’s admins show on every page (live as `site:announcement`)',
    answer: AnnouncementSchema,
  }),
} as const;
