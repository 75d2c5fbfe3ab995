Feature: Appointment status
  An appointment is pending, scheduled, completed or cancelled. The provider's admin may move
  an appointment to any status; the incharge can see the appointments but not change them.
  Cancelling frees the interval of the time slot for someone else. The counts on the dashboard and
  the lists follow the status, each person seeing their own: a user her appointments, the
  provider's staff the provider's.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail               | role     |
      | Sunita | admin@example.com    | admin    |
      | Ivan   | incharge@example.com | incharge |
      | Asha   | user@example.com     | user     |
    And Asha has signed in
    And Sunita has signed in
    And Asha has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00

  Rule: The admin moves an appointment to any status

    Scenario Outline: The admin marks a pending appointment <status>
      When Sunita marks Asha's appointment tomorrow at 09:00 as <status>
      Then Sunita is told "Appointment marked as <status>"
      And Asha's appointment tomorrow at 09:00 is <status>

      Examples:
        | status    |
        | scheduled |
        | completed |
        | cancelled |

    Scenario: Cancelling frees the interval for someone else
      Given Ben has registered as a user
      And Ben has signed in
      When Sunita marks Asha's appointment tomorrow at 09:00 as cancelled
      Then Ben sees no interval of the time slot tomorrow at 09:00 at "Sunrise Clinic" as taken
      When Ben books "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
      Then Ben is told "Appointment booked successfully"

    Scenario: A cancelled appointment comes back while its interval is still free
      Given Sunita has marked Asha's appointment tomorrow at 09:00 as cancelled
      When Sunita marks Asha's appointment tomorrow at 09:00 as scheduled
      Then Sunita is told "Appointment marked as scheduled"
      And Asha's appointment tomorrow at 09:00 is scheduled
      And Asha sees only interval 1 of the time slot tomorrow at 09:00 at "Sunrise Clinic" as taken

    Scenario: A cancelled appointment cannot come back once someone else has its interval
      Given Ben has registered as a user
      And Ben has signed in
      And Sunita has marked Asha's appointment tomorrow at 09:00 as cancelled
      And Ben has booked "General Consultation" at "Sunrise Clinic" in interval 1 of the time slot tomorrow at 09:00
      When Sunita marks Asha's appointment tomorrow at 09:00 as scheduled
      Then Sunita is told "This slot was just booked"
      And Asha's appointment tomorrow at 09:00 is still cancelled

    Scenario: The incharge may not change an appointment's status
      Given Ivan has signed in
      When Ivan marks Asha's appointment tomorrow at 09:00 as scheduled
      Then Ivan is refused with "You do not have permission to do this"
      And Asha's appointment tomorrow at 09:00 is still pending

  Rule: Counts and lists follow the status, each person seeing their own

    Scenario: The counts follow the status changes
      Given Ben has registered as a user
      And Ben has signed in
      And Ivan has signed in
      And Asha has booked these intervals of the time slot tomorrow at 09:00 at "Sunrise Clinic":
        | interval | service              |
        | 2        | General Consultation |
        | 3        | General Consultation |
        | 4        | Follow-up Visit      |
      And Ben has booked "General Consultation" at "Sunrise Clinic" in interval 5 of the time slot tomorrow at 09:00
      Then the appointment counts are:
        | person | scheduled | pending | completed | cancelled | total |
        | Asha   | 1         | 3       | 0         | 0         | 4     |
        | Ben    | 0         | 1       | 0         | 0         | 1     |
        | Sunita | 1         | 4       | 0         | 0         | 5     |
        | Ivan   | 1         | 4       | 0         | 0         | 5     |
      When Sunita marks Asha's appointment tomorrow at 09:30 as completed
      And Sunita marks Asha's appointment tomorrow at 10:00 as cancelled
      And Sunita marks Ben's appointment tomorrow at 11:00 as scheduled
      Then the appointment counts are:
        | person | scheduled | pending | completed | cancelled | total |
        | Asha   | 1         | 1       | 1         | 1         | 4     |
        | Ben    | 1         | 0       | 0         | 0         | 1     |
        | Sunita | 2         | 1       | 1         | 1         | 5     |
        | Ivan   | 2         | 1       | 1         | 1         | 5     |

    @any-hour
    Scenario Outline: A user lists her <filter> appointments
      Given Asha has booked these intervals of the time slot tomorrow at 09:00 at "Sunrise Clinic":
        | interval | service              |
        | 2        | General Consultation |
        | 3        | General Consultation |
        | 4        | Follow-up Visit      |
      And Sunita has marked Asha's appointment tomorrow at 09:30 as completed
      And Sunita has marked Asha's appointment tomorrow at 10:00 as cancelled
      When Asha lists her <filter> appointments
      Then Asha is shown these appointments:
        | service   | day      | from   | status   |
        | <service> | tomorrow | <from> | <status> |

      Examples:
        | filter    | service              | from  | status    |
        | pending   | General Consultation | 09:00 | pending   |
        | completed | General Consultation | 09:30 | completed |
        | cancelled | General Consultation | 10:00 | cancelled |
        | scheduled | Follow-up Visit      | 10:30 | scheduled |

    @any-hour
    Scenario: A user lists all her appointments in time order
      Given Asha has booked these intervals of the time slot tomorrow at 09:00 at "Sunrise Clinic":
        | interval | service              |
        | 3        | Follow-up Visit      |
        | 2        | General Consultation |
      And Sunita has marked Asha's appointment tomorrow at 09:30 as cancelled
      When Asha lists all her appointments
      Then Asha is shown these appointments:
        | service              | day      | from  | to    | status    |
        | General Consultation | tomorrow | 09:00 | 09:30 | pending   |
        | General Consultation | tomorrow | 09:30 | 10:00 | cancelled |
        | Follow-up Visit      | tomorrow | 10:00 | 10:30 | scheduled |

  Rule: The dashboard shows each role the details it needs

    Scenario: The user's dashboard shows her appointments with their provider
      When Asha opens her dashboard
      Then Asha's dashboard lists these appointments with their providers:
        | service              | day      | from  | status  | provider       | provider address                        | provider industry |
        | General Consultation | tomorrow | 09:00 | pending | Sunrise Clinic | 12 Stadium Road, Palakkad, Kerala 678001 | Healthcare        |

    @any-hour
    Scenario: The staff's dashboards show the appointments with their service and who booked them
      Given Ivan has signed in
      When Sunita opens her dashboard
      Then Sunita's dashboard lists these appointments with their services and users:
        | service              | day      | from  | status  | service minutes | service price | booked by | e-mail           |
        | General Consultation | tomorrow | 09:00 | pending | 30              | ₹50.00           | Asha User | user@example.com |
      When Ivan opens his dashboard
      Then Ivan's dashboard lists these appointments with their services and users:
        | service              | day      | from  | booked by | e-mail           |
        | General Consultation | tomorrow | 09:00 | Asha User | user@example.com |
