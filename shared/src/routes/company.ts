import { routePaths } from './paths';
import { Access, route } from './route';
import { CompanyInfoWithEngineSchema } from './schemas';

export const companyRoutes = {
  info: route({
    ...routePaths.company.info,
    access: Access.Anyone,
    tag: 'home',
    summary: 'Company name, description, keywords, feature flags and what the drawing engine offers',
    answer: CompanyInfoWithEngineSchema,
  }),
} as const;
