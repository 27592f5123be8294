import { z } from 'zod';

export const SupportAddVehicleFormSchema = z.object({
  vehicleId: z.string().trim().min(1, 'Vehicle ID is required'),
  reason: z.string().trim().min(10, 'Please provide a detailed reason'),
});
export const SupportAccessFormSchema = z.object({
  accountId: z.string().trim().min(1, 'Account ID is required'),
  reason: z.string().trim().min(10, 'Please provide a detailed reason'),
});
export const SupportMessageFormSchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required'),
  message: z.string().trim().min(10, 'Please provide a detailed message'),
});
