import Type from 'typebox';
import { routePaths } from './paths';
import { Caller, route } from './route';
import { EngineInfoSchema } from './schemas';

export const engineRoutes = {
  list: route({
    ...routePaths.engines.list,
    caller: Caller.User,
    tag: 'engines',
    summary: 'The enabled engines: name, what each offers, the site default, availability and prices',
    answer: Type.Object({ engines: Type.Array(EngineInfoSchema) }),
  }),
} as const;
