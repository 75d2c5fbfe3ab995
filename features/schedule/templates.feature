Feature: Schedule templates and availability
  A provider's admin keeps templates of a working week: the hours of each day and the breaks.
  Every provider starts with the "Standard Work Week", Monday to Friday from 09:00 to 17:00
  with a lunch break. Applying a template to a week opens that week's time slots at once, each
  working day's hours with the breaks cut out, split into 30-minute intervals. The provider's
  working hours, breaks and time zone are its availability.

  Background:
    Given the demo accounts exist, among them:
      | person | e-mail                 | role       |
      | Sam    | superadmin@example.com | superadmin |
      | Sunita | admin@example.com      | admin      |

  Rule: Every provider starts with the Standard Work Week

    Scenario: A newly approved provider has the Standard Work Week and the standard availability
      Given Priya has registered "Lotus Physio" as a provider in "Healthcare"
      And Sam has signed in and accepted "Lotus Physio"
      And Priya has signed in
      Then Priya has these templates:
        | template           | default |
        | Standard Work Week | yes     |
      And the template "Standard Work Week" of Priya has these working hours, with a break from 12:00 to 13:00:
        | day       | open | from  | to    |
        | Monday    | yes  | 09:00 | 17:00 |
        | Tuesday   | yes  | 09:00 | 17:00 |
        | Wednesday | yes  | 09:00 | 17:00 |
        | Thursday  | yes  | 09:00 | 17:00 |
        | Friday    | yes  | 09:00 | 17:00 |
        | Saturday  | no   |       |       |
        | Sunday    | no   |       |       |
      And Priya's availability is these working hours, with a break from 12:00 to 13:00, in "America/New_York":
        | day       | open | from  | to    |
        | Monday    | yes  | 09:00 | 17:00 |
        | Tuesday   | yes  | 09:00 | 17:00 |
        | Wednesday | yes  | 09:00 | 17:00 |
        | Thursday  | yes  | 09:00 | 17:00 |
        | Friday    | yes  | 09:00 | 17:00 |
        | Saturday  | no   |       |       |
        | Sunday    | no   |       |       |

  Rule: The admin duplicates, saves and deletes templates

    Scenario: Duplicating a template makes a copy that is not the default
      Given Sunita has signed in
      When Sunita duplicates the template "Standard Work Week"
      Then Sunita has these templates:
        | template                  | default |
        | Standard Work Week        | yes     |
        | Standard Work Week (Copy) | no      |

    Scenario: A template needs a name
      Given Sunita has signed in
      When Sunita saves a new template without a name
      Then Sunita's template is refused with "Template name is required" on the name
      And Sunita has these templates:
        | template           | default |
        | Standard Work Week | yes     |

    Scenario: The admin saves a new template and deletes it again
      Given Sunita has signed in
      When Sunita saves a new template "Saturday Clinic" open on Saturdays from 10:00 to 14:00
      Then Sunita has these templates:
        | template           | default |
        | Standard Work Week | yes     |
        | Saturday Clinic    | no      |
      When Sunita deletes the template "Saturday Clinic"
      Then Sunita is told "Template deleted"
      And Sunita has these templates:
        | template           | default |
        | Standard Work Week | yes     |

    Scenario: Templates belong to providers, not to the platform team
      Given Sam has signed in
      When Sam opens the schedule templates
      Then Sam is told "This action belongs to a provider account"
      And Sam is shown no templates

  Rule: Applying a template opens a week of time slots

    @any-hour
    Scenario: Applying the Standard Work Week to a week after the demo's two weeks of slots
      Given Sunita has signed in
      When Sunita applies the template "Standard Work Week" to the week starting Monday in 3 weeks
      Then Sunita is told "Template applied: a week of time slots was created"
      And Sunita is shown these time slots:
        | date                  | weekday   | from  | to    | split into | services                              |
        | Monday in 3 weeks    | Monday    | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Monday in 3 weeks    | Monday    | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Tuesday in 3 weeks   | Tuesday   | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Tuesday in 3 weeks   | Tuesday   | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Wednesday in 3 weeks | Wednesday | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Wednesday in 3 weeks | Wednesday | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Thursday in 3 weeks  | Thursday  | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Thursday in 3 weeks  | Thursday  | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Friday in 3 weeks    | Friday    | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Friday in 3 weeks    | Friday    | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
      And each of them runs on the clock of "Asia/Kolkata"

    Scenario: A day of the week in time off is skipped and reported; the other days are applied
      Given Sunita has signed in
      And Sunita takes time off Wednesday in 4 weeks for "Holiday"
      When Sunita applies the template "Standard Work Week" to the week starting Monday in 4 weeks
      Then Sunita is told "Template applied: a week of time slots was created"
      And Sunita is shown these time slots:
        | date                | weekday  | from  | to    | split into | services                              |
        | Monday in 4 weeks   | Monday   | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Monday in 4 weeks   | Monday   | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Tuesday in 4 weeks  | Tuesday  | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Tuesday in 4 weeks  | Tuesday  | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Thursday in 4 weeks | Thursday | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Thursday in 4 weeks | Thursday | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
        | Friday in 4 weeks   | Friday   | 09:00 | 12:00 | 6          | General Consultation, Follow-up Visit |
        | Friday in 4 weeks   | Friday   | 13:00 | 17:00 | 8          | General Consultation, Follow-up Visit |
      And Sunita is told that Wednesday in 4 weeks was skipped for the time off "Holiday"

  Rule: The admin sets the provider's working hours and breaks

    Scenario: Working hours and a break are saved and read back
      Given Sunita has signed in
      When Sunita saves these working hours, with a break from 12:30 to 13:00:
        | day       | open | from  | to    |
        | Monday    | yes  | 08:00 | 16:00 |
        | Tuesday   | yes  | 08:00 | 16:00 |
        | Wednesday | yes  | 08:00 | 16:00 |
        | Thursday  | yes  | 08:00 | 16:00 |
        | Friday    | yes  | 08:00 | 14:00 |
        | Saturday  | yes  | 09:00 | 13:00 |
        | Sunday    | no   |       |       |
      Then Sunita's availability is these working hours, with a break from 12:30 to 13:00, in "Asia/Kolkata":
        | day       | open | from  | to    |
        | Monday    | yes  | 08:00 | 16:00 |
        | Tuesday   | yes  | 08:00 | 16:00 |
        | Wednesday | yes  | 08:00 | 16:00 |
        | Thursday  | yes  | 08:00 | 16:00 |
        | Friday    | yes  | 08:00 | 14:00 |
        | Saturday  | yes  | 09:00 | 13:00 |
        | Sunday    | no   |       |       |

    Scenario: Working hours that end before they start are refused
      Given Sunita has signed in
      When Sunita saves working hours open on Monday from 17:00 to 09:00
      Then Sunita's working hours are refused with "End time must be after start time" on the end time of Monday
