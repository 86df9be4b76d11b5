import { SendOutlined } from '@ant-design/icons';
import type { Connection, WarmPathView } from '@warmpath/contracts';
import { Button, type ButtonProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../lib/session/auth-context';
import { askLabel, introAsk } from './intro-ask';

/** The dialog's code (form, draft writer, path lookup) loads when someone first asks. */
const loadDialog = () => import('./ask-intro-dialog');
const loadWithPath = () => import('./ask-intro-with-path');
const AskIntroDialog = lazy(() => loadDialog().then((m) => ({ default: m.AskIntroDialog })));
const AskIntroWithPath = lazy(() => loadWithPath().then((m) => ({ default: m.AskIntroWithPath })));

/** Loads the dialogs' code ahead of the first ask (a test, or a page that expects one). */
export async function preloadAskIntro(): Promise<void> {
  await Promise.all([loadDialog(), loadWithPath()]);
}

export interface AskIntroButtonProps {
  teamId: number;
  person: Connection;
  /**
   * The warmest path to the person, where it is shown: the teammate before the person is the one
   * asked, and named on the button. Absent (a table row, a card): the dialog looks the path up.
   */
  path?: WarmPathView;
  ownNode: Connection | null;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  block?: boolean;
}

/**
 * "Ask <teammate> for an intro" (or, when only an unnamed teammate knows the person, "Ask a
 * teammate who knows <person>"), wherever a workspace shows a person; nothing when there is
 * nobody to ask (people you know, teammates, people no other member knows).
 */
export function AskIntroButton({
  teamId,
  person,
  path,
  ownNode,
  size,
  type = 'default',
  block,
}: AskIntroButtonProps) {
  const { user } = useAuth();
  const [isOpen, setOpen] = useState(false);
  const ask = introAsk(person, path, user?.id ?? null);
  if (!ask) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button icon={<SendOutlined />} size={size} type={type} block={block} onClick={() => setOpen(true)}>
        {path ? askLabel(ask) : 'Ask for an intro'}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          {path ? (
            <AskIntroDialog
              teamId={teamId}
              target={person}
              path={path}
              ask={ask}
              ownNode={ownNode}
              onClose={close}
            />
          ) : (
            <AskIntroWithPath teamId={teamId} target={person} ownNode={ownNode} onClose={close} />
          )}
        </Suspense>
      )}
    </>
  );
}
