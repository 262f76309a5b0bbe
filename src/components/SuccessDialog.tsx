import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The spec's success modal: the message, and OK returns to the previous page, or to `fallback`
 * when the page was opened straight from a link (no previous page inside the app).
 */
export function SuccessDialog({ message, fallback }: { message: string | null; fallback: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const labelId = useId();
  const back = () => (location.key === 'default' ? navigate(fallback) : navigate(-1));
  return (
    <Dialog open={message !== null} onClose={back} aria-labelledby={labelId} maxWidth="xs" fullWidth>
      <DialogContent sx={{ textAlign: 'center', pt: 3 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <DialogContentText id={labelId} sx={{ mt: 1, color: 'text.primary', fontSize: '1.1rem' }}>
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button variant="contained" onClick={back} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
