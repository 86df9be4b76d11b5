import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { nextUtcMidnight } from '@warmpath/domain';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api/api';
import { formatWhen } from './intro-format';

/** A failed ask as the dialog explains it; a 409 links the open request it names. */
export interface AskFailure {
  status: number | string;
  message: string;
  /** The open request a 409 is about, when the inbox holds it. */
  openPath?: string;
}

export function askFailure(error: unknown): AskFailure {
  const status = (error as FetchBaseQueryError | undefined)?.status ?? 'FETCH_ERROR';
  return { status, message: errorMessage(error, 'The request could not be sent') };
}

export function AskIntroError({ failure }: { failure: AskFailure }) {
  const { status, message, openPath } = failure;
  if (status === 409)
    return (
      <Alert
        type="warning"
        showIcon
        title={message}
        description={openPath ? <Link to={openPath}>Open the request you already made</Link> : undefined}
      />
    );
  if (status === 429)
    return (
      <Alert
        type="warning"
        showIcon
        title={message}
        description={`You can ask again from ${formatWhen(nextUtcMidnight(new Date()).toISOString())}.`}
      />
    );
  return <Alert type="error" showIcon title={message} />;
}
