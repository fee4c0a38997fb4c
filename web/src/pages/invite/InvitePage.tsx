import { ErrorReason, type PublicInvite } from '@draw/shared';
import { Loader2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { AuthLayout } from '../../components/app/AuthLayout';
import { HttpError } from '../../lib/http';
import { loginPath } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { authStore } from '../../stores/auth';
import { channelApi } from '../draw/channels/api';
import { InviteCard } from './InviteCard';
import { InviteProblem } from './InviteProblem';

type InviteState =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  /** The creator banned this user: `message` is the server's refusal when joining told us. */
  | { kind: 'banned'; message: string | null }
  | { kind: 'ready'; invite: PublicInvite };

/** A refusal that means the link itself is no good (unknown, expired, replaced, channel gone). */
function isDeadLink(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  // Spec §8's 404/500 at HTTP 200, handed back unshown, says the same.
  if (error.status === 200 && (error.code === 404 || error.code === 500)) return true;
  return (
    error.reason === 'gone' || error.reason === 'not_found' || error.status === 404 || error.status === 410
  );
}

function InviteLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-6 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/15 text-primary">
        <Loader2Icon className="size-8 animate-spin" aria-hidden />
      </div>
      <div>
        <h1 className="text-xl font-semibold text-heading">{t('invite.loadingTitle')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('invite.loadingText')}</p>
      </div>
    </div>
  );
}

function InviteScreen({ code }: { code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<InviteState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [joining, setJoining] = useState(false);
  const signedIn = Boolean(useSnapshot(authStore).token);

  useEffect(() => {
    let alive = true;
    channelApi.publicInvite(code).then(
      (invite) => {
        if (!alive) return;
        // Already a member: straight to the channel.
        if (invite.channelId) void navigate(`/draw/${invite.channelId}`, { replace: true });
        else if (!invite.valid) setState({ kind: 'invalid' });
        else setState(invite.banned ? { kind: 'banned', message: null } : { kind: 'ready', invite });
      },
      (error: unknown) => alive && setState({ kind: isDeadLink(error) ? 'invalid' : 'failed' }),
    );
    return () => {
      alive = false;
    };
  }, [code, attempt, navigate, signedIn]);

  async function join() {
    if (!signedIn) {
      // Joining needs an account: sign in, then come back to this very link.
      await navigate(loginPath(`/invite/${code}`));
      return;
    }
    setJoining(true);
    try {
      const channel = await channelApi.join(code);
      notify.success(t('invite.joinSuccess'));
      await navigate(`/draw/${channel.id}`, { replace: true });
    } catch (error) {
      // The HTTP client has shown the server's message (e.g. the link expired meanwhile).
      if (error instanceof HttpError && error.reason === ErrorReason.Banned)
        setState({ kind: 'banned', message: error.message });
      else if (isDeadLink(error)) setState({ kind: 'invalid' });
      setJoining(false);
    }
  }

  const retry = () => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };

  if (state.kind === 'loading') return <InviteLoading />;
  if (state.kind === 'ready')
    return (
      <InviteCard invite={state.invite} signedIn={signedIn} joining={joining} onJoin={() => void join()} />
    );
  if (state.kind === 'banned') return <InviteProblem kind="banned" message={state.message} onRetry={retry} />;
  return <InviteProblem kind={state.kind} onRetry={retry} />;
}

/**
 * /invite/:code, public: shows the channel, its creator and member count with a join button (a
 * visitor signs in first and comes back here to join); an unusable link gets a clear screen with
 * a way on; a member goes straight to the channel.
 */
export function InvitePage() {
  const { code = '' } = useParams();
  return (
    <AuthLayout>
      <div data-testid="invite-page" data-invite-code={code}>
        <InviteScreen key={code} code={code} />
      </div>
    </AuthLayout>
  );
}
