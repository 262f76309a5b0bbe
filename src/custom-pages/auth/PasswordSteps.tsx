import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, CircularProgress, Link, Step, StepLabel, Stepper } from '@mui/material';
import { Form, PasswordInput, TextInput, useNotify } from 'react-admin';
import { httpClient } from '../../dataProvider/httpClient';
import { saveSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import {
  email as emailFormat,
  fiveDigits,
  requiredValue,
  sameAs,
  STEP_EMAIL_INVALID,
  strongPassword,
} from './validation';

const ROLE = 'ADMIN'; // the API is always asked with role ADMIN (spec 6)

interface TokenResponse {
  data: { access_token: string };
}

/**
 * Spec 2.4: first access and password recovery share three steps — e-mail, the 5-digit token
 * sent to it, and the new password — and then land in the app.
 */
export function PasswordSteps({ mode }: { mode: 'first-access' | 'recovery' }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [address, setAddress] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const requestToken = (values: Record<string, unknown>) =>
    run(async () => {
      const email = String(values.email).trim();
      const body = (await httpClient('/auth/token/request', {
        method: 'POST',
        body: { role: ROLE, email },
      })) as {
        data: { key: string };
      };
      setAddress(email);
      setKey(body.data.key);
      notify(`Um token foi enviado para o email ${email}`, { type: 'info' });
      setStep(1);
    });

  const checkToken = (values: Record<string, unknown>) =>
    run(async () => {
      const body = (await httpClient('/auth/token', {
        method: 'POST',
        body: { token: String(values.token).trim(), role: ROLE, key },
      })) as TokenResponse;
      // Stored as the session, as the spec does; it only opens the password change.
      saveSession(address, body.data.access_token);
      setStep(2);
    });

  const setPassword = (values: Record<string, unknown>) =>
    run(async () => {
      const body = (await httpClient('/api/account', {
        method: 'PATCH',
        body: { password: String(values.password) },
      })) as TokenResponse;
      saveSession(address, body.data.access_token);
      // react-admin remembers that nobody was signed in; ask it again before entering.
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      navigate('/');
    });

  const title = mode === 'first-access' ? 'Primeiro acesso' : 'Recuperar senha';
  const button = (label: string) => (
    <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
      {busy ? <CircularProgress size={22} color="inherit" /> : label}
    </Button>
  );

  return (
    <AuthCard title={title}>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {['E-mail', 'Token', 'Nova senha'].map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 ? (
        // noValidate: the browser's own e-mail check would block the submit before spec 5's messages show.
        <Form onSubmit={requestToken} key="email" noValidate>
          <TextInput
            source="email"
            label="E-mail"
            type="email"
            autoFocus
            fullWidth
            validate={[requiredValue, emailFormat(STEP_EMAIL_INVALID)]}
          />
          {button('Enviar token')}
        </Form>
      ) : null}
      {step === 1 ? (
        <Form onSubmit={checkToken} key="token" noValidate>
          <TextInput
            source="token"
            label="Token"
            autoFocus
            fullWidth
            helperText={`Enviado para ${address}`}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'one-time-code' } }}
            validate={[requiredValue, fiveDigits]}
          />
          {button('Validar token')}
        </Form>
      ) : null}
      {step === 2 ? (
        <Form onSubmit={setPassword} key="password" noValidate>
          <PasswordInput
            source="password"
            label="Nova senha"
            autoComplete="new-password"
            autoFocus
            fullWidth
            validate={[requiredValue, strongPassword]}
          />
          <PasswordInput
            source="confirmation"
            label="Confirme a nova senha"
            autoComplete="new-password"
            fullWidth
            validate={[requiredValue, sameAs('password')]}
          />
          {button('Salvar senha')}
        </Form>
      ) : null}
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login" underline="hover">
          Voltar para o login
        </Link>
      </Box>
    </AuthCard>
  );
}
