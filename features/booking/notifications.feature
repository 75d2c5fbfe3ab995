Feature: Notifications
  A booking notifies the user who booked and the admins of the provider, shortly after it is
  made. Each person sees only their own notifications, newest first, and can delete one or
  clear them all. Times are written on the provider's clock: the notification below says the
  day ("Friday, June 14, 2024") and the time of tomorrow's 09:30 interval.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail            | role  |
      | Sunita | admin@example.com | admin |
      | Asha   | user@example.com  | user  |
    And Asha has signed in
    And Sunita has signed in

  @any-hour
  Scenario: A booking notifies the user and the provider's admin
    When Asha books "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
    Then Asha soon has the notification "Your appointment for Follow-up Visit at Sunrise Clinic on <tomorrow, 9:30 AM> is booked."
    And Sunita soon has the notification "New appointment: Asha User booked Follow-up Visit on <tomorrow, 9:30 AM>."
    And Asha has 1 notification
    And Sunita has 1 notification

  Scenario: A paid service's booking says it awaits payment until it is paid
    When Asha books "General Consultation" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
    Then Asha soon has the notification "Your appointment for General Consultation at Sunrise Clinic on <tomorrow, 9:30 AM> awaits payment."
    And Sunita soon has the notification "New appointment awaiting payment: Asha User booked General Consultation on <tomorrow, 9:30 AM>."
    And Asha has 1 notification

  Scenario: A person deletes one notification, then clears the rest
    Given Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    And Asha has booked "Follow-up Visit" at "Sunrise Clinic" in interval 2 of the time slot tomorrow at 09:00
    And Asha has received 2 notifications
    When Asha deletes her newest notification
    Then Asha is told "Notification deleted"
    And Asha has 1 notification
    When Asha clears all her notifications
    Then Asha is told "All notifications cleared"
    And Asha has no notifications
    And Sunita still has 2 notifications

  Scenario: A person cannot delete someone else's notification
    Given Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
    And Asha has received 1 notification
    And Sunita has received 1 notification
    When Sunita tries to delete Asha's newest notification
    Then Sunita is told "Notification not found"
    And Asha still has 1 notification
    When Sunita clears all her notifications
    Then Asha still has 1 notification
