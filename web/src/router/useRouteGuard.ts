import { api } from '../lib/api';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { call } from '../lib/http';
import { getToken, removeToken } from '../stores/auth';
import { runRouteGuard, type RouteGuardDeps } from './guard';
import { applySession } from './session';

const guardDeps: RouteGuardDeps = {
  getToken,
  fetchSession: () => call(api.home.session),
  removeToken,
  onSession: applySession,
};

/** Runs the route guard on every path change (without holding the navigation up). */
export function useRouteGuard(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    void runRouteGuard(pathname, guardDeps).then((result) => {
      if (current && result.outcome === 'failed' && result.redirectTo)
        navigate(result.redirectTo, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [pathname, navigate]);
}
