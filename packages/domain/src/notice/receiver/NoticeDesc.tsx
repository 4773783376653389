// The reader (notice/noticeDesc, web, both sides): the reader's own copy of a notice, opened from
// their list, a home or a message (by noticeId). Opening records the read; a notice that asks for
// it is confirmed here, and answered here (with files) where replies are allowed, until its
// deadline. A notice withdrawn while open goes away at once (the push tells the tab to read again).
import { useEffect, useState } from 'react';
import { CheckCircleFilled, CheckOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Alert, Button, Card, Input, Result, Space, Typography } from 'antd';
import { formatDateTime } from '@srm/kernel';
import {
  ApiFailure,
  AttachmentField,
  request,
  useApi,
  useLabels,
  useRealtimeEvent,
  useScreen,
} from '@srm/platform-ui';
import { NoticeArticle } from './NoticeArticle';

type Row = Record<string, unknown>;
const PATH = '/api/srm/v1/srmNoticeReceiverRestful';

interface Opened {
  receiver: Row;
  notice: Row;
}

export default function NoticeDesc() {
  const api = useApi();
  const labels = useLabels();
  const screen = useScreen();
  const { message } = App.useApp();
  const receiverParam = Number(screen.params.get('receiverId') ?? screen.params.get('id')) || null;
  const noticeParam = Number(screen.params.get('noticeId')) || null;
  const [reply, setReply] = useState('');
  const [replyFiles, setReplyFiles] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'reply' | null>(null);
  /** A file of the reply still uploading: the reply waits for it (sent now, it would go without). */
  const [uploading, setUploading] = useState(false);
  const opened = useQuery({
    queryKey: ['notice', 'read', receiverParam, noticeParam],
    queryFn: async () => {
      // The copy through the list first: one withdrawn since (or never sent) is simply not there.
      const mine = await request<Row[]>(api, `${PATH}/listByPage`, {
        pageIndex: 1,
        pageRows: 1,
        ...(receiverParam ? { receiverId: receiverParam } : { noticeId: noticeParam ?? -1 }),
      });
      const receiverId = (mine.data[0]?.receiverId as number | undefined) ?? null;
      if (!receiverId) return null;
      return (await request<Opened>(api, `${PATH}/read`, { receiverId })).data;
    },
    retry: false,
    staleTime: Infinity,
  });
  const copy = opened.data?.receiver;
  const notice = opened.data?.notice;
  useEffect(() => {
    if (notice?.title) screen.setTitle(String(notice.title));
  }, [notice?.title, screen]);
  useEffect(() => setReply(String(copy?.replyContent ?? '')), [copy?.replyContent]);
  useEffect(
    () => setReplyFiles((copy?.replyAttachmentIds as string | null | undefined) ?? null),
    [copy?.replyAttachmentIds],
  );
  const sentFiles = new Set(
    String(copy?.replyAttachmentIds ?? '')
      .split(',')
      .map(Number)
      .filter((id) => id > 0),
  );
  useRealtimeEvent(['notice'], (frame) => {
    if (notice && frame.noticeId === notice.noticeId) void opened.refetch();
  });

  if (opened.isLoading) return <Card loading style={{ minHeight: 320 }} />;
  // A refetch that fails (withdrawn since: 404) must not leave the old copy on screen.
  if (opened.isError || !copy || !notice)
    return (
      <Result
        status="warning"
        title={labels.t('srmNoticeReceiver.gone')}
        subTitle={(opened.error as Error | null)?.message}
      />
    );

  const call = async (action: 'confirm' | 'reply', body: Row) => {
    setBusy(action);
    try {
      await request(api, `${PATH}/${action}`, { receiverId: copy.receiverId, ...body });
      void message.success(
        labels.t(action === 'confirm' ? 'srmNoticeReceiver.confirmed' : 'srmNoticeReceiver.replied'),
      );
      await opened.refetch();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
    } finally {
      setBusy(null);
    }
  };
  const deadline = typeof copy.replyDeadline === 'number' ? copy.replyDeadline : null;
  const late = deadline !== null && Date.now() > deadline;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="notice-desc">
      <Card>
        <NoticeArticle
          notice={notice}
          attachments={
            notice.attachmentIds ? <AttachmentField value={String(notice.attachmentIds)} readOnly /> : null
          }
        />
      </Card>
      {copy.confirmFlag === 'Y' && (
        <Card size="small">
          {copy.confirmedAt ? (
            <Typography.Text type="success">
              <CheckCircleFilled />{' '}
              {labels.t('srmNoticeReceiver.confirmedAtText', {
                time: formatDateTime(Number(copy.confirmedAt)),
              })}
            </Typography.Text>
          ) : (
            <Space>
              <Typography.Text>{labels.t('srmNoticeReceiver.pleaseConfirm')}</Typography.Text>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={busy === 'confirm'}
                onClick={() => void call('confirm', {})}
              >
                {labels.action('srmNoticeReceiver', 'confirm')}
              </Button>
            </Space>
          )}
        </Card>
      )}
      {copy.replyFlag === 'Y' && (
        <Card size="small" title={labels.action('srmNoticeReceiver', 'reply')}>
          {deadline !== null && (
            <Alert
              type={late ? 'error' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              message={labels.t(late ? 'srmNoticeReceiver.pastDeadline' : 'srmNoticeReceiver.answerBy', {
                time: formatDateTime(deadline),
              })}
            />
          )}
          {typeof copy.repliedAt === 'number' && (
            <Typography.Paragraph type="secondary">
              {labels.t('srmNoticeReceiver.repliedAtText', { time: formatDateTime(copy.repliedAt) })}
            </Typography.Paragraph>
          )}
          <Input.TextArea
            value={reply}
            maxLength={4000}
            showCount
            disabled={late}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={labels.t('srmNoticeReceiver.replyPlaceholder')}
            onChange={(event) => setReply(event.target.value)}
          />
          <div style={{ marginTop: 12 }} data-testid="notice-reply-files">
            <AttachmentField
              value={replyFiles}
              onChange={setReplyFiles}
              readOnly={late}
              limits={{ maxCount: 10 }}
              // A file of the reply already sent stays the copy's until the next reply replaces it.
              detachOnly={(id) => sentFiles.has(id)}
              onUploadingChange={setUploading}
            />
          </div>
          <div style={{ textAlign: 'right', marginTop: 28 }}>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={
                late ||
                uploading ||
                !reply.trim() ||
                (reply === copy.replyContent && (replyFiles ?? null) === (copy.replyAttachmentIds ?? null))
              }
              loading={busy === 'reply'}
              onClick={() => void call('reply', { replyContent: reply, replyAttachmentIds: replyFiles })}
            >
              {labels.t('srmNoticeReceiver.sendReply')}
            </Button>
          </div>
        </Card>
      )}
    </Space>
  );
}
