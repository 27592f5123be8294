import { z } from 'zod';
import { multiLine, singleLine } from './primitives.ts';

export const SupportAddVehicleFormSchema = z.object({
  vehicleId: singleLine().min(1, 'Vehicle ID is required').max(50),
  reason: multiLine().min(10, 'Please provide a detailed reason').max(2000),
});
export const SupportAccessFormSchema = z.object({
  accountId: singleLine().min(1, 'Account ID is required').max(100),
  reason: multiLine().min(10, 'Please provide a detailed reason').max(2000),
});
export const SupportMessageFormSchema = z.object({
  subject: singleLine().min(1, 'Subject is required').max(200),
  message: multiLine().min(10, 'Please provide a detailed message').max(5000),
});
