// 联系方式验证 on 个人中心: the user's e-mail and mobile, each marked verified or not; 发送验证码 sends a
// code to that address (at most once a minute: the button counts down, also the wait the server
// names when a code went out shortly before, from another tab), and typing it back with
// 验证 marks it verified. A changed address (in 编辑资料) is unverified again.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiFailure, request, useApi } from '@srm/platform-ui';
import { retryAfterOf, useCountdown } from '../auth/useCountdown';

const PATH = '/api/message/v1/baseMessageUserRestful';
const KEY = ['message', 'directory', 'mine'];

interface Mine {
  email: string | null;
  emailVerifiedFlag: 'Y' | 'N';
  mobile: string | null;
  mobileVerifiedFlag: 'Y' | 'N';
}

type Channel = 'EMAIL' | 'SMS';

function AddressRow({ channel, label, mine }: { channel: Channel; label: string; mine: Mine }) {
  const { t } = useTranslation();
  const api = useApi();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const wait = countdown.remaining;
  const [busy, setBusy] = useState(false);
  const address = channel === 'EMAIL' ? mine.email : mine.mobile;
  const verified = (channel === 'EMAIL' ? mine.emailVerifiedFlag : mine.mobileVerifiedFlag) === 'Y';
  const call = async (path: string, body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await request(api, `${PATH}/${path}`, body);
      void message.success(done);
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      void message.error(error.message);
      const seconds = retryAfterOf(error.data);
      if (seconds) countdown.start(seconds);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    if (await call('sendVerifyCode', { channel }, t('userCenter.contacts.sent', { address })))
      countdown.start();
  };
  const verify = async () => {
    if (await call('verify', { channel, code: code.trim() }, t('userCenter.contacts.verified'))) {
      setCode('');
      await queryClient.invalidateQueries({ queryKey: KEY });
    }
  };
  return (
    <Space wrap>
      {verified ? (
        <Tag color="success">{t('userCenter.contacts.isVerified')}</Tag>
      ) : (
        <Tag color="warning">{t('userCenter.contacts.notVerified')}</Tag>
      )}
      {address && !verified && (
        <>
          <Button size="small" disabled={wait > 0} loading={busy && !code} onClick={() => void send()}>
            {wait > 0 ? t('userCenter.contacts.resend', { seconds: wait }) : t('userCenter.contacts.send')}
          </Button>
          <Input
            size="small"
            style={{ width: 120 }}
            maxLength={6}
            inputMode="numeric"
            aria-label={`${label} ${t('userCenter.contacts.code')}`}
            placeholder={t('userCenter.contacts.code')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            onPressEnter={() => void verify()}
          />
          <Button size="small" type="primary" disabled={code.length !== 6} onClick={() => void verify()}>
            {t('userCenter.contacts.verify')}
          </Button>
        </>
      )}
    </Space>
  );
}

export function ContactVerification() {
  const { t } = useTranslation();
  const api = useApi();
  const mine = useQuery({
    queryKey: KEY,
    queryFn: async () => (await request<Mine>(api, `${PATH}/findMine`, {})).data,
  });
  const rows: { channel: Channel; label: string; address: string | null }[] = mine.data
    ? [
        { channel: 'EMAIL', label: t('userCenter.contacts.email'), address: mine.data.email },
        { channel: 'SMS', label: t('userCenter.contacts.mobile'), address: mine.data.mobile },
      ]
    : [];
  return (
    <Card size="small" title={t('userCenter.contacts.title')} data-testid="contact-verification">
      <Table
        size="small"
        rowKey="channel"
        pagination={false}
        loading={mine.isLoading}
        dataSource={rows}
        columns={[
          { key: 'label', title: t('userCenter.contacts.kind'), width: 96, render: (_, row) => row.label },
          {
            key: 'address',
            title: t('userCenter.contacts.address'),
            width: 240,
            render: (_, row) => row.address ?? t('userCenter.contacts.none'),
          },
          {
            key: 'state',
            title: t('userCenter.contacts.state'),
            render: (_, row) =>
              mine.data && <AddressRow channel={row.channel} label={row.label} mine={mine.data} />,
          },
        ]}
      />
    </Card>
  );
}
