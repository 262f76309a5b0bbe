import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, CircularProgress, Link } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin, useNotify } from 'react-admin';
import { AuthCard } from './AuthCard';
import { email, LOGIN_EMAIL_INVALID, requiredValue } from './validation';

/** Spec 2.3: e-mail and password (shown or hidden), links to the password steps. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    try {
      await login({ email: String(values.email).trim(), password: String(values.password) });
    } catch (error) {
      notify((error as Error).message || 'Não foi possível entrar.', { type: 'error' });
      setLoading(false);
    }
  };

  return (
    <AuthCard title="Entrar">
      {/* noValidate: the browser's own e-mail check would block the submit before spec 5's messages show. */}
      <Form onSubmit={submit} noValidate>
        <TextInput
          source="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          validate={[requiredValue, email(LOGIN_EMAIL_INVALID)]}
        />
        <PasswordInput
          source="password"
          label="Senha"
          autoComplete="current-password"
          fullWidth
          validate={requiredValue}
        />
        <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 1 }}>
          {loading ? <CircularProgress size={22} color="inherit" /> : 'Entrar'}
        </Button>
      </Form>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3 }}>
        <Link component={RouterLink} to="/forgot-password" underline="hover">
          Esqueci minha senha
        </Link>
        <Link component={RouterLink} to="/first-access" underline="hover">
          Primeiro acesso
        </Link>
      </Box>
    </AuthCard>
  );
}
