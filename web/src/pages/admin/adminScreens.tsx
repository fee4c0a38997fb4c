import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { AnnouncementScreen } from './screens/AnnouncementScreen';
import { AuditScreen } from './screens/AuditScreen';
import { BannedWordsScreen } from './screens/BannedWordsScreen';
import { ChannelsScreen } from './screens/ChannelsScreen';
import { CodesScreen } from './screens/CodesScreen';
import { CompanyScreen } from './screens/CompanyScreen';
import { EnginesScreen } from './screens/EnginesScreen';
import { HitsScreen } from './screens/HitsScreen';
import { OrdersScreen } from './screens/OrdersScreen';
import { OverviewScreen } from './screens/OverviewScreen';
import { ProductsScreen } from './screens/ProductsScreen';
import { ReportsScreen } from './screens/ReportsScreen';
import { TasksScreen } from './screens/TasksScreen';
import { UserDetailScreen } from './screens/UserDetailScreen';
import { UsersScreen } from './screens/UsersScreen';

/** The console's screens by address below /admin (paths as in ./nav.ts). */
export const adminScreens: RouteObject[] = [
  { index: true, element: <OverviewScreen /> },
  { path: 'users', element: <UsersScreen /> },
  { path: 'users/:id', element: <UserDetailScreen /> },
  { path: 'orders', element: <OrdersScreen /> },
  { path: 'products', element: <ProductsScreen /> },
  { path: 'codes', element: <CodesScreen /> },
  { path: 'channels', element: <ChannelsScreen /> },
  { path: 'tasks', element: <TasksScreen /> },
  { path: 'engines', element: <EnginesScreen /> },
  { path: 'company', element: <CompanyScreen /> },
  { path: 'announcement', element: <AnnouncementScreen /> },
  { path: 'audit', element: <AuditScreen /> },
  { path: 'banned-words', element: <BannedWordsScreen /> },
  { path: 'hits', element: <HitsScreen /> },
  { path: 'reports', element: <ReportsScreen /> },
  { path: '*', element: <Navigate to="/admin" replace /> },
];
